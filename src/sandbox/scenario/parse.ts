import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { DEMO_WALLETS } from '../domain/seed/seedWallets';
import { jsonPath, normaliseMobile } from '../domain/inputs';
import { Scenario } from './format';
import { ScenarioError } from '../vocabulary/errors';

export { ScenarioError };

// Reading a scenario: one readable line for the first thing wrong, naming its JSON path
// (`wallets[2].balance: must be an integer number of kobo`), so the fix is obvious from a CI log.

type PathItem = { key: unknown };

function describeIssue(issue: v.BaseIssue<unknown>): ScenarioError {
  const path = jsonPath(issue.path as PathItem[] | undefined);
  // An unknown key (strict objects): usually a typo, so say which keys are known.
  if (issue.expected === 'never' && issue.path?.length) {
    return new ScenarioError(path, 'is not a field the scenario format knows (see scenario.schema.json)');
  }
  if (issue.input === undefined && issue.kind === 'schema') {
    return new ScenarioError(path, `is missing: it ${issue.message}`);
  }
  return new ScenarioError(path, issue.message);
}

/** The scenario, checked; throws ScenarioError naming the first field at fault. */
export function parseScenario(value: unknown, file?: string): Scenario {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ScenarioError('', 'must be a JSON object ({ "wallets": [...], ... })', file);
  }
  const result = v.safeParse(Scenario, value, { abortPipeEarly: true });
  if (!result.success) {
    const error = describeIssue(result.issues[0]);
    throw new ScenarioError(error.path, error.problem, file);
  }
  checkReferences(result.output, file);
  return result.output;
}

/** What the schema alone cannot say: no two of a kind, and links that point at something. */
function checkReferences(scenario: Scenario, file: string | undefined): void {
  const fail = (path: string, problem: string): never => {
    throw new ScenarioError(path, problem, file);
  };
  const mobiles = new Map<string, number>();
  scenario.wallets?.forEach((wallet, i) => {
    const key = normaliseMobile(wallet.mobile);
    if (mobiles.has(key)) fail(`wallets[${i}].mobile`, `is the same wallet as wallets[${mobiles.get(key)}]`);
    mobiles.set(key, i);
    if (wallet.generatedHistory && typeof wallet.transactions === 'number') {
      fail(`wallets[${i}].transactions`, 'must be a list when generatedHistory is given (a count would make a second generated history)');
    }
  });
  const emails = new Map<string, number>();
  const own = new Map<string, number>();
  const keys = new Map<string, string>();
  scenario.developers?.forEach((developer, d) => {
    const email = developer.email.toLowerCase();
    if (emails.has(email)) fail(`developers[${d}].email`, `is the same developer as developers[${emails.get(email)}]`);
    emails.set(email, d);
    if (developer.sandboxMobile !== undefined) {
      const mobile = normaliseMobile(developer.sandboxMobile);
      if (own.has(mobile)) fail(`developers[${d}].sandboxMobile`, `is already the wallet of developers[${own.get(mobile)}]`);
      own.set(mobile, d);
    }
    developer.apps?.forEach((app, a) => {
      const at = `developers[${d}].apps[${a}]`;
      for (const field of ['key', 'sandboxKey'] as const) {
        const key = app[field];
        if (key === undefined) continue;
        if (keys.has(key)) fail(`${at}.${field}`, `is already the key of ${keys.get(key)}: every key must be unique`);
        keys.set(key, `${at}.${field}`);
      }
      app.wallets?.forEach((linked, w) => {
        if (!mobiles.has(normaliseMobile(linked)) && !DEMO_MOBILES.includes(normaliseMobile(linked))) {
          fail(
            `${at}.wallets[${w}]`,
            `names no wallet of this scenario (add it under "wallets", or use a demo wallet: ${DEMO_MOBILES.join(', ')})`,
          );
        }
      });
    });
  });
  const accounts = new Map<string, number>();
  scenario.bankAccounts?.forEach((account, i) => {
    const key = `${account.bankCode}:${account.accountNumber}`;
    if (accounts.has(key)) fail(`bankAccounts[${i}]`, `is the same account as bankAccounts[${accounts.get(key)}]`);
    accounts.set(key, i);
  });
}

/** The demo wallets every sandbox has: apps may link them without declaring them. */
const DEMO_MOBILES = DEMO_WALLETS.map((demo) => demo.mobile);

/** 234… from any form the format accepts (domain/inputs.ts: the one definition of a mobile). */
export { normaliseMobile };

/** Reads and checks a scenario file; a file that is not JSON is named with the parser's own words. */
export async function readScenarioFile(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ScenarioError('', `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, file);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ScenarioError('', `is not JSON: ${(error as Error).message}`, file);
  }
  return parseScenario(value, file);
}
