import { bankByCode } from '../domain/banks';
import { generateHistory, historyOf } from '../domain/seed/seededHistory';
import { DEMO_DEVELOPER_PASSWORD, DEMO_DEVELOPER_PASSWORD_HASH, hashPassword, newAppKeys } from '../domain/records';
import { SandboxState } from '../domain/state';
import { withoutUserInfo } from '../domain/webhookTarget';
import type { Fault, LoadedScenario, Recipient } from '../types';
import type { BankAccount } from '../domain/wallet';
import { normaliseMobile } from './parse';
import type { Scenario, ScenarioTransaction, ScenarioWallet } from './format';

// A scenario made into a sandbox's state: the same scenario and seed give the same world (names,
// accounts, generated histories); what the scenario fixes (keys, passcodes, balances) is exactly
// as written.

/** The knobs a scenario sets; they live in memory, beside the state. */
export interface ScenarioKnobs {
  tokenLifetimeSeconds?: number;
  latencyMs?: number;
  faults: Fault[];
}

const DAY_MS = 24 * 3600 * 1000;

/** A scenario developer's password, hashed; the demo developer's hash was made ahead of time (domain/records.ts). */
async function passwordHashOf(password: string): Promise<string> {
  return password === DEMO_DEVELOPER_PASSWORD ? DEMO_DEVELOPER_PASSWORD_HASH : hashPassword(password);
}

/** When the scenario's world begins: its clock's start, or now. */
export function scenarioStart(scenario: Scenario, nowMs: number): number {
  return scenario.clock?.start === undefined ? nowMs : Date.parse(scenario.clock.start);
}

export async function buildScenarioState(scenario: Scenario, nowMs: number): Promise<{ state: SandboxState; loaded: LoadedScenario }> {
  const at = scenarioStart(scenario, nowMs);
  const state = SandboxState.fresh(scenario.seed, at);
  state.clockOffsetMs = at - nowMs;
  const loaded: LoadedScenario = { developers: [], apps: [], wallets: [] };

  for (const account of scenario.bankAccounts ?? []) {
    state.wallets.declareAccount({ ...account, outcome: account.outcome ?? 'normal' });
  }
  for (const wallet of scenario.wallets ?? []) {
    loaded.wallets.push(addWallet(state, wallet, at));
  }
  applyPasscodes(state, scenario);

  for (const developer of scenario.developers ?? []) {
    const own = developer.sandboxMobile === undefined ? undefined : normaliseMobile(developer.sandboxMobile);
    const record = state.apps.createDeveloper(developer.email, await passwordHashOf(developer.password), at, own);
    loaded.developers.push({ email: record.email, sandboxMobile: record.sandboxMobile });
    for (const app of developer.apps ?? []) {
      const keys = { ...newAppKeys(), ...(app.key ? { key: app.key } : {}), ...(app.sandboxKey ? { sandboxKey: app.sandboxKey } : {}) };
      const issued = state.apps.createApp(record, app.name, at, keys);
      const kept = state.apps.app(issued._id);
      if (!kept) throw new Error(`the app ${app.name} was not kept`);
      if (app.callbackURL) state.apps.setCallbackUrl(kept, app.callbackURL, at);
      const wallets = (app.wallets ?? []).map(normaliseMobile);
      for (const mobile of wallets) state.apps.linkWallet(kept, mobile);
      loaded.apps.push({
        id: issued._id,
        name: issued.name,
        developer: record.email,
        key: issued.key,
        sandboxKey: issued.sandboxKey,
        // As the admin API shows it: the --json ready line goes to CI logs.
        ...(app.callbackURL ? { callbackURL: withoutUserInfo(app.callbackURL) } : {}),
        wallets,
      });
    }
  }
  return { state, loaded };
}

/** Passcodes are kept in memory only: a sandbox that reads its state file back sets them again. */
export function applyPasscodes(state: SandboxState, scenario: Scenario): void {
  for (const wallet of scenario.wallets ?? []) {
    if (wallet.passcode) state.credentials.fixPasscode(normaliseMobile(wallet.mobile), wallet.passcode);
  }
}

export function scenarioKnobs(scenario: Scenario): ScenarioKnobs {
  return {
    ...(scenario.tokenLifetimeSeconds === undefined ? {} : { tokenLifetimeSeconds: scenario.tokenLifetimeSeconds }),
    ...(scenario.latencyMs === undefined ? {} : { latencyMs: scenario.latencyMs }),
    faults: (scenario.faults ?? []).map((fault) => ({ ...fault })),
  };
}

function addWallet(state: SandboxState, wallet: ScenarioWallet, at: number): LoadedScenario['wallets'][number] {
  const mobile = normaliseMobile(wallet.mobile);
  // Seeded first (the holder's name, accounts and history follow from seed and mobile), then what the scenario fixes.
  const record = structuredClone(
    state.wallets.createWallet(mobile, at, wallet.balance === undefined ? {} : { balance: wallet.balance }).record,
  );
  if (wallet.name) {
    for (const account of record.accounts) if (account.accountName === record.name) account.accountName = wallet.name;
    record.name = wallet.name;
  }
  if (wallet.accounts) {
    record.accounts = wallet.accounts.map((account): BankAccount => ({
      bankCode: account.bankCode,
      accountNumber: account.accountNumber,
      accountName: account.accountName ?? record.name,
      bankName: bankByCode(account.bankCode)?.bankName ?? account.bankCode,
    }));
  }
  const explicit = Array.isArray(wallet.transactions) ? wallet.transactions : undefined;
  const generated = wallet.generatedHistory;
  if (generated) {
    record.transactions = historyOf({ count: generated.count, seed: generated.seed, untilMs: Date.parse(generated.until) });
  } else if (typeof wallet.transactions === 'number') {
    record.transactions = generateHistory(state.rng, wallet.transactions, at - 120 * DAY_MS, at - 60_000, true);
  } else if (explicit) {
    record.transactions = [];
  }
  state.wallets.putWallet(record);
  for (const tx of explicit ?? []) addTransaction(state, mobile, tx, at);
  return { mobile, name: record.name, balance: record.balance, ...(wallet.passcode ? { passcode: wallet.passcode } : {}) };
}

function addTransaction(state: SandboxState, mobile: string, tx: ScenarioTransaction, at: number): void {
  const { direction, statusCode, reversalOf } = tx;
  const added = state.wallets.addTransaction(
    mobile,
    {
      type: tx.type,
      amount: tx.amount,
      ...(tx.reference ? { reference: tx.reference } : {}),
      ...(tx.createdAt ? { createdAt: tx.createdAt } : {}),
      ...(tx.updatedAt ? { updatedAt: tx.updatedAt } : {}),
      ...(tx.recipient ? { recipient: recipient(tx.recipient) } : {}),
    },
    at,
  );
  // The ledger's own details (a fresh world: nothing else has seen the record yet).
  Object.assign(added, {
    ...(direction ? { direction } : {}),
    ...(statusCode ? { statusCode } : {}),
    ...(reversalOf ? { reversalOf } : {}),
  });
}

function recipient(given: NonNullable<ScenarioTransaction['recipient']>): Recipient {
  if ('metadata' in given) return { metadata: { ...given.metadata } };
  if ('bankCode' in given) return { ...given, bankName: given.bankName ?? bankByCode(given.bankCode)?.bankName ?? given.bankCode };
  return { mobile: normaliseMobile(given.mobile), ...(given.name ? { name: given.name } : {}) };
}
