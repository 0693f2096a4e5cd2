// The scenario format as JSON Schema (scenario.schema.json, written by `npm run scenario:schema`,
// checked by test/unit/sandbox/scenario.test.ts): what VS Code validates wallet-sandbox.json with
// (contributes.jsonValidation) and what the sandbox package carries. Not in any runtime bundle.
// No $id: an address that does not resolve sends editors to the network for nothing; a file names
// this schema by a path that exists (the package's "./node_modules/wallet-sandbox/scenario.schema.json").

import { toJsonSchema } from '@valibot/to-json-schema';
import { Scenario } from './format';

export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(Scenario, { errorMode: 'throw', ignoreActions: ['trim', 'check'] }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    title: 'Wallet sandbox scenario',
    description:
      'The world a wallet sandbox starts in: developers, apps with fixed keys, wallets, bank accounts, the clock, faults (docs/scenarios.md).',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
