import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ScenarioFile } from '../scenario/scenarioFile';
import { DEMO_DEVELOPER_PASSWORD } from '../domain/records';
import { DEMO_WALLETS } from '../domain/seed/seedWallets';
import { PERSONA_MOBILE, PERSONA_PASSCODE } from '../domain/magic';

// The world of a package user who gave no scenario (`startSandbox()`, `npx wallet-sandbox`), and
// what `npx wallet-sandbox init` writes as wallet-sandbox.json (runInit, below): one definition,
// so the quick start's key and passcodes are those of both.

/** The demo app's X-App-Key: a fixed test key, not a secret of any real service. */
export const STARTER_APP_KEY = 'sk_test_wallet_sandbox_demo';

/** The first demo wallet's fixed passcode; the persona keeps the one the magic values name (111111), in every world. */
const DEMO_PASSCODE = '123456';
const passcodeOf = (mobile: string): string => (mobile === PERSONA_MOBILE ? PERSONA_PASSCODE : DEMO_PASSCODE);

/** The demo developer, its app (with a key a test can hard-code), the demo wallets with fixed passcodes and a bank account to pay. */
export const STARTER_SCENARIO: ScenarioFile = {
  developers: [
    {
      email: 'demo@wallet-sandbox.test',
      password: DEMO_DEVELOPER_PASSWORD,
      apps: [{ name: 'demo', sandboxKey: STARTER_APP_KEY }],
    },
  ],
  wallets: DEMO_WALLETS.map((wallet) => ({ mobile: wallet.mobile, passcode: passcodeOf(wallet.mobile), balance: wallet.balance })),
  // A bank account outside the sandbox that name enquiry resolves, so a bank transfer works at once.
  bankAccounts: [{ bankCode: '000014', accountNumber: '0123456789', accountName: 'ACME STORES LTD' }],
};

/** Where `init` points `$schema`: the schema in the installed package, so editors check the file offline. */
export const STARTER_SCHEMA = './node_modules/wallet-sandbox/scenario.schema.json';

/** wallet-sandbox.json as `init` writes it: the starter world, with `$schema` and notes. */
export function starterFile(): string {
  const file = {
    $schema: STARTER_SCHEMA,
    $comment: [
      'The world the sandbox starts in: npx wallet-sandbox --scenario wallet-sandbox.json, or startSandbox({ scenario: "wallet-sandbox.json" }).',
      'developers[].apps[].sandboxKey: the X-App-Key your app sends (a test key, not a secret).',
      'wallets[]: mobile (0803…, +234…, 234…), passcode (what every OTP sign-in gets), balance in kobo.',
      'bankAccounts[]: accounts at other banks that name enquiry resolves and bank transfers pay.',
      'More: clock, faults, latencyMs, seed. $schema gives completion and checks in your editor; see node_modules/wallet-sandbox/README.md.',
    ],
    ...STARTER_SCENARIO,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

// `npx wallet-sandbox init [file]`: a starter scenario to edit, never over one that exists.

/** Writes the starter scenario; answers the exit code (0 written, 1 the file exists or cannot be written). */
export function runInit(args: string[], cwd = process.cwd(), say = (line: string) => console.log(line)): number {
  const file = path.resolve(cwd, args[0] ?? 'wallet-sandbox.json');
  const shown = path.relative(cwd, file) || file;
  try {
    writeFileSync(file, starterFile(), { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EEXIST'
        ? `wallet sandbox: ${shown} exists already and is left as it is; edit it, or give init another file name.`
        : `wallet sandbox: could not write ${shown}: ${(error as Error).message}`,
    );
    return 1;
  }
  say(`Wrote ${shown}: a demo app (X-App-Key ${STARTER_APP_KEY}) and two wallets with fixed passcodes.`);
  say(`Start it with: npx wallet-sandbox --scenario ${shown}`);
  return 0;
}
