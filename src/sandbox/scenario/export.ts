import { bankByCode } from '../domain/banks';
import { checkPassword } from '../domain/password';
import { secretHash, type AppRecord, type PersistedState } from '../persistence/records';
import { TRANSACTION_TYPES, type SandboxKnobs, type ScenarioExport, type TransactionRecord } from '../types';
import type { WalletRecord } from '../domain/wallet';
import type { Scenario } from './format';
import { normaliseMobile, parseScenario } from './parse';
import type { ScenarioFault, ScenarioWallet } from './scenarioFile';

// The running world written as a scenario (Save Sandbox as Scenario, GET /__sandbox/scenario):
// a file a teammate or CI loads back into the same apps, keys, wallets, balances, bank accounts
// and webhook URLs. The sandbox keeps only hashes of passwords and app keys, so it writes the
// ones it can prove (those of the scenario it started from); the caller may fill in app keys it
// holds (the editor's secret storage) by the paths in `apps`.

/** What a developer whose password the sandbox cannot know signs in with after the file is loaded. */
export const SANDBOX_PASSWORD = 'wallet-sandbox';

/** Histories longer than this are written as a count (the seed makes them again), not one by one. */
export const MAX_WRITTEN_TRANSACTIONS = 1_000;

export interface ExportInput {
  /** The sandbox's records (SandboxState.toJSON()). */
  state: PersistedState;
  knobs: Readonly<SandboxKnobs>;
  /** The virtual clock's time: the file's clock starts there. */
  nowMs: number;
  /** The scenario the sandbox started from: the keys, passwords and passcodes it fixed are known. */
  scenario?: Scenario;
}

const FORMAT_LIMITS = { tokenLifetimeSeconds: [1, 31_536_000], latencyMs: [0, 60_000] } as const;

export async function exportScenario(input: ExportInput): Promise<ScenarioExport> {
  const { state, knobs, scenario } = input;
  const out: ScenarioExport = { scenario: {}, apps: [], sandboxPasswords: [], notes: [] };
  const file = out.scenario;
  file.seed = state.seedBase >>> 0;
  file.clock = { start: new Date(input.nowMs).toISOString(), ...(state.clockFrozenAtMs === undefined ? {} : { frozen: true }) };
  for (const knob of ['tokenLifetimeSeconds', 'latencyMs'] as const) {
    const [min, max] = FORMAT_LIMITS[knob];
    const value = Math.min(max, Math.max(min, knobs[knob]));
    if (value !== knobs[knob]) out.notes.push(`${knob} ${knobs[knob]} is outside what a scenario holds; written as ${value}.`);
    if (knob === 'latencyMs' && value === 0) continue;
    file[knob] = value;
  }
  const faults = knobs.faults.map(scenarioFault);
  if (faults.length) file.faults = faults;

  const passcodes = new Map((scenario?.wallets ?? []).filter((w) => w.passcode).map((w) => [normaliseMobile(w.mobile), w.passcode]));
  const wallets = new Set(state.wallets.map((wallet) => wallet.mobile));
  file.wallets = state.wallets.map((wallet) => scenarioWallet(wallet, passcodes.get(wallet.mobile), out.notes));

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
              const written = scenarioApp(app, known.keys, wallets);
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

function scenarioApp(app: AppRecord, keys: Map<string, string>, wallets: Set<string>) {
  // The live-mode key only when the scenario fixed it: one the sandbox made looks like a production key to the key linter.
  const key = keys.get(app.keyHash);
  const sandboxKey = keys.get(app.sandboxKeyHash);
  const linked = app.wallets.filter((mobile) => wallets.has(mobile));
  return {
    name: app.name,
    ...(key ? { key } : {}),
    ...(sandboxKey ? { sandboxKey } : {}),
    ...(app.settings.callbackURL ? { callbackURL: app.settings.callbackURL } : {}),
    ...(linked.length ? { wallets: linked } : {}),
  };
}

function scenarioWallet(wallet: WalletRecord, passcode: string | undefined, notes: string[]): ScenarioWallet {
  const history = wallet.transactions;
  let transactions: ScenarioWallet['transactions'];
  if (history.length > MAX_WRITTEN_TRANSACTIONS) {
    transactions = Math.min(history.length, 10_000);
    notes.push(
      `Wallet ${wallet.mobile} has ${history.length} transactions: written as a count of ${transactions}, made again by the seed.`,
    );
  } else {
    transactions = history.filter((tx) => Number.isSafeInteger(tx.amount) && tx.amount > 0).map(scenarioTransaction);
  }
  return {
    mobile: wallet.mobile,
    name: wallet.name.trim().slice(0, 100) || wallet.mobile,
    ...(passcode ? { passcode } : {}),
    balance: wallet.balance,
    transactions,
    accounts: wallet.accounts
      .filter((account) => bankByCode(account.bankCode) && /^\d{10}$/.test(account.accountNumber))
      .map(({ bankCode, accountNumber, accountName }) => ({ bankCode, accountNumber, ...(accountName?.trim() ? { accountName } : {}) })),
  };
}

type WrittenTransaction = Exclude<ScenarioWallet['transactions'], number | undefined>[number];

function scenarioTransaction(tx: TransactionRecord): WrittenTransaction {
  const recipient = tx.recipient as Partial<Record<'bankCode' | 'accountNumber' | 'accountName' | 'mobile' | 'name', string>>;
  let written: WrittenTransaction['recipient'];
  if (
    recipient.bankCode &&
    bankByCode(recipient.bankCode) &&
    /^\d{10}$/.test(recipient.accountNumber ?? '') &&
    recipient.accountName?.trim()
  ) {
    written = { bankCode: recipient.bankCode, accountNumber: recipient.accountNumber!, accountName: recipient.accountName.slice(0, 100) };
  } else if (recipient.mobile && /^(\+?234|0)[789]\d{9}$/.test(recipient.mobile)) {
    written = { mobile: recipient.mobile, ...(recipient.name?.trim() ? { name: recipient.name.slice(0, 100) } : {}) };
  }
  return {
    type: (TRANSACTION_TYPES as readonly string[]).includes(tx.type) ? tx.type : 'bills',
    amount: tx.amount,
    ...(/^[A-Za-z0-9_-]{1,64}$/.test(tx.reference) ? { reference: tx.reference } : {}),
    createdAt: tx.createdAt,
    ...(written ? { recipient: written } : {}),
  };
}

function scenarioFault(fault: SandboxKnobs['faults'][number]): ScenarioFault {
  const { id, method, ...rest } = fault;
  void id;
  const upper = method?.toUpperCase();
  return {
    ...rest,
    ...(upper && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper) ? { method: upper as ScenarioFault['method'] } : {}),
  };
}
