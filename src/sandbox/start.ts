import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { VirtualClock } from './domain/clock';
import type { ExchangeObserver } from './http/exchange';
import { Knobs } from './http/knobs';
import { Ledger } from './domain/ledger';
import { listenFrom } from './http/listen';
import { SandboxEnv } from './http/router';
import { Scheduler } from './domain/scheduler';
import { advanceClock } from './admin/timeTravel';
import { createSandboxServer } from './http/server';
import { recordInto } from './requests/record';
import { RequestJournal } from './requests/journal';
import { ChangeFeed } from './sharing/feed';
import { claimStateFile, OwnerLock, StateFileInUse } from './sharing/ownerLock';
import { SandboxState } from './domain/state';
import { generateTransactions } from './domain/bulkHistory';
import { StateWriter } from './persistence/stateWriter';
import { loadState } from './persistence/store';
import { LoadedScenario, Sandbox, SandboxChange, SandboxOptions, TransactionRecord, TransactionType } from './types';
import { publicEvent, Webhooks } from './domain/webhooks';
import { sendTestEvent } from './admin/testEvents';
import type { Scenario } from './scenario/format';
import { exportScenario } from './scenario/export';
import { parseScenario, readScenarioFile } from './scenario/parse';
import { applyPasscodes, buildScenarioState, scenarioKnobs } from './scenario/world';

// Starting a sandbox: its state (and the state file's owner lock), its server, its knobs, and
// the Sandbox object its callers hold.

const DEFAULT_TOKEN_LIFETIME_SECONDS = 86400;

function checkOptions(options: SandboxOptions): void {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`port must be a whole number from 0 to 65535, got ${String(options.port)}`);
  }
  const tries = options.portTries ?? 1;
  if (!Number.isInteger(tries) || tries < 1) {
    throw new Error(`portTries must be a whole number, at least 1, got ${String(options.portTries)}`);
  }
  const lifetime = options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime < 1) {
    throw new Error(`tokenLifetimeSeconds must be a whole number of seconds, at least 1, got ${String(options.tokenLifetimeSeconds)}`);
  }
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Starts the sandbox and resolves once it is listening. With a state file, it first takes the
 * file (see sharing/ownerLock.ts): while another live process serves it, this throws
 * StateFileInUse, which names that process and where it listens.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  checkOptions(options);
  const dataFile = options.dataFile;
  const role = options.role ?? 'program';
  let lock: OwnerLock | undefined;
  if (dataFile) {
    const claim = await claimStateFile(dataFile, role);
    if (claim.owner) throw new StateFileInUse(dataFile, claim.owner);
    lock = claim.lock;
  }
  try {
    return await serve(options, role, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function serve(options: SandboxOptions, role: string, lock: OwnerLock | undefined): Promise<Sandbox> {
  const realNow = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.warn(line));
  const host = options.host ?? '127.0.0.1';
  const dataFile = options.dataFile;
  const instance = lock?.record.instance ?? randomBytes(8).toString('hex');

  const scenario = await readScenario(options);
  let loaded: LoadedScenario | undefined;
  const fresh = async (): Promise<SandboxState> => {
    if (!scenario) return SandboxState.fresh(options.seed, realNow());
    const built = await buildScenarioState(scenario, realNow());
    loaded = built.loaded;
    return built.state;
  };
  const state = dataFile ? await loadState(dataFile, fresh, realNow(), log) : await fresh();
  if (scenario) applyPasscodes(state, scenario);
  const clock = new VirtualClock(realNow, state.clockOffsetMs);
  const now = (): number => clock.now();
  const writer = dataFile ? new StateWriter(dataFile, state, log, lock && (() => lock.held())) : undefined;
  const feed = new ChangeFeed(() => ({ instance, pid: process.pid, role }));
  feed.secret = lock?.record.secret;
  const watchers = new Set<(change: SandboxChange) => void>();
  const notify = (change: SandboxChange): void => {
    for (const watcher of watchers) {
      try {
        watcher(change);
      } catch (error) {
        log(`Wallet sandbox: a change watcher failed: ${(error as Error)?.stack ?? String(error)}`);
      }
    }
    feed.change(change);
  };
  const onChange = (listener: (change: SandboxChange) => void): (() => void) => {
    watchers.add(listener);
    return () => void watchers.delete(listener);
  };
  state.onChange = (change) => {
    writer?.schedule();
    notify(change);
  };
  if (writer) {
    // Saved before the first request, so the signing secret of every token it issues (and the
    // state an append-log line builds on) is on disk. A failure is logged; the sandbox still runs.
    await writer.commit().catch(() => undefined);
  }

  // Knobs live in memory only: nothing to write, only watchers to tell.
  const fromScenario = scenario && scenarioKnobs(scenario);
  const knobs = new Knobs(options.tokenLifetimeSeconds ?? fromScenario?.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS, () =>
    notify({ wallets: [], transfers: [], events: [], knobs: true }),
  );
  knobs.raw.latencyMs = fromScenario?.latencyMs ?? 0;
  for (const fault of fromScenario?.faults ?? []) knobs.raw.faults.push(knobs.identify(fault));
  const requests = new RequestJournal(options.journal);
  // Those attached with the owner's secret (other windows, the MCP server) keep a copy of the journal.
  requests.onChange((change) => feed.journal(change));
  const scheduler = new Scheduler(now, (error) =>
    log(`Wallet sandbox: scheduled work failed: ${(error as Error)?.stack ?? String(error)}`),
  );
  const webhooks = new Webhooks(state, scheduler, now);
  const ledger = new Ledger(state, now, scheduler, webhooks);
  const durable = writer ? () => writer.commit() : () => Promise.resolve();
  const env: SandboxEnv = {
    state,
    knobs: knobs.raw,
    knobControl: knobs,
    requests,
    now,
    startedAt: Date.now(),
    clock,
    scheduler,
    ledger,
    webhooks,
    durable,
    instance,
    role,
    onChange,
    feed,
    ...(scenario ? { scenario } : {}),
  };
  const { server, shutdown } = createSandboxServer(env, log, observer(options, requests));
  ledger.restore();
  webhooks.restore();

  try {
    await listenFrom(server, host, options.port ?? 0, options.portTries ?? 1);
  } catch (error) {
    scheduler.stop();
    await writer?.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = formatUrl(host, port);
  await lock?.publish(url);
  let closed: Promise<void> | undefined;

  return {
    url,
    port,
    ...(loaded ? { scenario: loaded } : {}),
    knobs: knobs.watched,
    requests,
    close(): Promise<void> {
      closed ??= (async () => {
        scheduler.stop();
        await shutdown();
        await writer?.close();
        // Last: whoever takes the file over next loads everything this one saved.
        await lock?.release();
      })();
      return closed;
    },
    now,
    advanceClock: (seconds) => advanceClock(env, seconds * 1000),
    lastPasscode: (mobile) => state.credentials.lastPasscode(mobile),
    revokeRefreshTokens: (mobile) => {
      state.requireWallet(mobile);
      state.credentials.revokeRefreshTokens(mobile);
    },
    expireAccessTokens: (mobile) => {
      state.requireWallet(mobile);
      state.credentials.expireAccessTokens(mobile, now());
    },
    balance: (mobile) => state.requireWallet(mobile).record.balance,
    setBalance: (mobile, kobo) => {
      if (!Number.isSafeInteger(kobo) || kobo < 0) {
        throw new Error('balance must be a whole, non-negative number of kobo');
      }
      state.setBalance(mobile, kobo);
    },
    addTransaction: (mobile: string, tx: Partial<TransactionRecord> & { type: TransactionType; amount: number }) =>
      structuredClone(state.addTransaction(mobile, tx, now())),
    generateTransactions: (mobile, count) => generateTransactions(state, mobile, count, now()),
    resetWallet: (mobile) => void state.resetWallet(mobile, now()),
    events: () => [...state.events.values()].reverse().map((event) => structuredClone(publicEvent(event))),
    event: (id) => {
      const event = state.events.get(id);
      return event && structuredClone(publicEvent(event));
    },
    redeliverEvent: (id) => {
      const event = state.events.get(id);
      if (!event) {
        throw new Error(`No webhook event has id ${id.slice(0, 40)}`);
      }
      webhooks.redeliver(event);
      return structuredClone(publicEvent(event));
    },
    sendTestEvent: (type, appId) => structuredClone(publicEvent(sendTestEvent(state, webhooks, type, appId))),
    onChange,
    exportScenario: () => exportScenario({ state: state.toJSON(), knobs: knobs.raw, nowMs: now(), scenario }),
  };
}

/** The scenario of the options, read and checked (a file's path or an object); the options' seed wins. */
async function readScenario(options: SandboxOptions): Promise<Scenario | undefined> {
  if (options.scenario === undefined) return undefined;
  const scenario = typeof options.scenario === 'string' ? await readScenarioFile(options.scenario) : parseScenario(options.scenario);
  return options.seed === undefined ? scenario : { ...scenario, seed: options.seed };
}

/** The exchange observer: the journal's (unless it records nothing) and the caller's. */
function observer(options: SandboxOptions, journal: RequestJournal): ExchangeObserver | undefined {
  const own = options.onExchange;
  if (!journal.recording) return own;
  const record = recordInto(journal);
  return own
    ? (exchange) => {
        record(exchange);
        own(exchange);
      }
    : record;
}
