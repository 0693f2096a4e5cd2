import { bankByCode } from '../domain/banks';
import { FAULT_METHODS } from '../domain/inputs';
import { checkPassword, secretHash, type AppRecord, type PersistedState } from '../domain/records';
import type { SandboxKnobs, ScenarioExport } from '../types';
import { seededHistorySeeds } from '../domain/seed/seedWallets';
import { writtenHistory } from './exportHistory';
import type { WalletRecord } from '../domain/wallet';
import type { Scenario } from './format';
import { normaliseMobile, parseScenario } from './parse';
import type { ScenarioFault, ScenarioWallet } from './scenarioFile';

// The running world written as a scenario (Save Sandbox as Scenario, GET /__sandbox/scenario):
// a file a teammate or CI loads back into the same apps, keys, wallets, balances, bank accounts
// and webhook URLs (without the user name and password a URL may hold). The sandbox keeps only
// hashes of passwords and app keys, so it writes the ones it can prove (those of the scenario it
// started from); the caller may fill in app keys it holds (the editor's secret storage) by the
// paths in `apps`.

/** What a developer whose password the sandbox cannot know signs in with after the file is loaded. */
export const SANDBOX_PASSWORD = 'wallet-sandbox';

export interface ExportInput {
  /** The sandbox's records (SandboxState.toJSON()). */
  state: PersistedState;
  knobs: Readonly<SandboxKnobs>;
  /** The virtual clock's time: the file's clock starts there. */
  nowMs: number;
  /** The scenario the sandbox started from: the keys, passwords and passcodes it fixed are known. */
  scenario?: Scenario;
}

export async function exportScenario(input: ExportInput): Promise<ScenarioExport> {
  const { state, knobs, scenario } = input;
  const out: ScenarioExport = { scenario: {}, apps: [], sandboxPasswords: [], notes: [] };
  const file = out.scenario;
  file.seed = state.seedBase >>> 0;
  file.clock = { start: new Date(input.nowMs).toISOString(), ...(state.clockFrozenAtMs === undefined ? {} : { frozen: true }) };
  writeKnobs(file, knobs);

  const passcodes = new Map((scenario?.wallets ?? []).filter((w) => w.passcode).map((w) => [normaliseMobile(w.mobile), w.passcode]));
  const wallets = new Set(state.wallets.map((wallet) => wallet.mobile));
  file.wallets = state.wallets.map((wallet) =>
    scenarioWallet(wallet, historySeeds(state.seedBase >>> 0, wallet.mobile, scenario), passcodes.get(wallet.mobile), out.notes),
  );

  const known = knownSecrets(scenario);
  const developers = state.developers.filter((developer) => !developer.deleted);
  if (developers.length) file.developers = [];
  for (const developer of developers) {
    const given = known.passwords.get(developer.email.toLowerCase());
    const password = given && (await checkPassword(given, developer.passwordHash)) ? given : undefined;
    if (!password) out.sandboxPasswords.push(developer.email);
    const d = file.developers!.length;
    const apps = state.apps.filter((app) => app.developerID === developer._id && !app.deleted);
    file.developers!.push({
      email: developer.email,
      password: password ?? SANDBOX_PASSWORD,
      sandboxMobile: developer.sandboxMobile,
      ...(apps.length
        ? {
            apps: apps.map((app, a) => {
              const written = scenarioApp(app, known.keys, wallets, `developers[${d}].apps[${a}]`, out.notes);
              out.apps.push({
                path: `developers[${d}].apps[${a}]`,
                id: app._id,
                name: app.name,
                developer: developer.email,
                sandboxKey: !!written.sandboxKey,
              });
              return written;
            }),
          }
        : {}),
    });
  }
  if (state.bankAccounts?.length) {
    file.bankAccounts = state.bankAccounts.map(({ bankCode, accountNumber, accountName, outcome }) => ({
      bankCode,
      accountNumber,
      accountName,
      ...(outcome === 'normal' ? {} : { outcome }),
    }));
  }
  // What is written must load: a record the format cannot hold is a defect here, said now and not by the teammate's loader.
  parseScenario(file);
  return out;
}

/**
 * The knobs as a scenario holds them: as they are, since the scenario format takes every value
 * the admin API and the start options do (domain/inputs.ts). No latency is written as none.
 */
function writeKnobs(file: ScenarioExport['scenario'], knobs: Readonly<SandboxKnobs>): void {
  file.tokenLifetimeSeconds = knobs.tokenLifetimeSeconds;
  if (knobs.latencyMs !== 0) file.latencyMs = knobs.latencyMs;
  const faults = knobs.faults.map(scenarioFault);
  if (faults.length) file.faults = faults;
}

/** Each way the wallet's history may have been generated: as the sandbox seeds it, or as the scenario named it. */
function historySeeds(seedBase: number, mobile: string, scenario: Scenario | undefined): Parameters<typeof writtenHistory>[1] {
  const named = scenario?.wallets?.find((wallet) => normaliseMobile(wallet.mobile) === mobile)?.generatedHistory;
  return [...(named ? [{ count: named.count, seed: named.seed }] : []), ...seededHistorySeeds(seedBase, mobile)];
}

/** Keys and passwords the scenario gave: the sandbox proves each against its hash before writing it. */
function knownSecrets(scenario: Scenario | undefined): { keys: Map<string, string>; passwords: Map<string, string> } {
  const keys = new Map<string, string>();
  const passwords = new Map<string, string>();
  for (const developer of scenario?.developers ?? []) {
    passwords.set(developer.email.toLowerCase(), developer.password);
    for (const app of developer.apps ?? []) {
      for (const key of [app.key, app.sandboxKey]) if (key) keys.set(secretHash(key), key);
    }
  }
  return { keys, passwords };
}

function scenarioApp(app: AppRecord, keys: Map<string, string>, wallets: Set<string>, path: string, notes: string[]) {
  // The live-mode key only when the scenario fixed it: one the sandbox made looks like a production key to the key linter.
  const key = keys.get(app.keyHash);
  const sandboxKey = keys.get(app.sandboxKeyHash);
  const linked = app.wallets.filter((mobile) => wallets.has(mobile));
  const callbackURL = app.settings.callbackURL ? writtenCallbackUrl(app.settings.callbackURL, path, notes) : undefined;
  return {
    name: app.name,
    ...(key ? { key } : {}),
    ...(sandboxKey ? { sandboxKey } : {}),
    ...(callbackURL ? { callbackURL } : {}),
    ...(linked.length ? { wallets: linked } : {}),
  };
}

/**
 * The callback URL as the file holds it: without the user name and password a receiver's Basic
 * credentials put in it (`https://user:secret@host/hook` is written `https://host/hook`), since a
 * scenario file is shared and committed; a note says which app lost them, never what they were.
 */
function writtenCallbackUrl(url: string, path: string, notes: string[]): string {
  const parsed = url.includes('@') && URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.username === '' && parsed.password === '')) return url;
  parsed.username = '';
  parsed.password = '';
  notes.push(
    `${path}.callbackURL is written without the user name and password it had (a file is shared); ` +
      'put them back in the loaded sandbox (PUT /v1/apps/settings) if the receiver asks for them.',
  );
  return parsed.href;
}

function scenarioWallet(
  wallet: WalletRecord,
  seeds: Parameters<typeof writtenHistory>[1],
  passcode: string | undefined,
  notes: string[],
): ScenarioWallet {
  return {
    mobile: wallet.mobile,
    name: wallet.name.trim().slice(0, 100) || wallet.mobile,
    ...(passcode ? { passcode } : {}),
    balance: wallet.balance,
    ...writtenHistory(wallet, seeds, notes),
    accounts: wallet.accounts
      .filter((account) => bankByCode(account.bankCode) && /^\d{10}$/.test(account.accountNumber))
      .map(({ bankCode, accountNumber, accountName }) => ({ bankCode, accountNumber, ...(accountName?.trim() ? { accountName } : {}) })),
  };
}

function scenarioFault(fault: SandboxKnobs['faults'][number]): ScenarioFault {
  const { id, method, ...rest } = fault;
  void id;
  const upper = method?.toUpperCase();
  return {
    ...rest,
    ...(upper && (FAULT_METHODS as readonly string[]).includes(upper) ? { method: upper as ScenarioFault['method'] } : {}),
  };
}
