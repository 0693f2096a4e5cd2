import { AddressInfo } from 'node:net';
import { VirtualClock } from './clock';
import { Ledger } from './ledger';
import { SandboxEnv } from './router';
import { Scheduler } from './scheduler';
import { advanceClock } from './timeTravel';
import { createSandboxServer } from './server';
import { SandboxState } from './state';
import { StateWriter } from './stateWriter';
import { loadState } from './store';
import { RecordedRequest, Sandbox, SandboxChange, SandboxKnobs, SandboxOptions, TransactionRecord, TransactionType } from './types';
import { publicEvent, Webhooks } from './webhooks';
import { sendTestEvent } from './testEvents';

// What the tests and the extension use; the rest stays inside the sandbox.
export type { Fault, PublicWebhookEvent, Sandbox, SandboxChange, SandboxOptions, TransactionRecord, WebhookAttempt } from './types';
export type { SandboxExchange } from './exchange';
export { BANKS } from './banks';
export { isValidAccountNumber, makeValidAccountNumber } from './nuban';

const DEFAULT_TOKEN_LIFETIME_SECONDS = 86400;

function checkOptions(options: SandboxOptions): void {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`port must be a whole number from 0 to 65535, got ${String(options.port)}`);
  }
  const lifetime = options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime < 1) {
    throw new Error(`tokenLifetimeSeconds must be a whole number of seconds, at least 1, got ${String(options.tokenLifetimeSeconds)}`);
  }
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the sandbox and resolves once it is listening. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  checkOptions(options);
  const realNow = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.warn(line));
  const host = options.host ?? '127.0.0.1';
  const dataFile = options.dataFile;

  const state = dataFile ? await loadState(dataFile, options.seed, realNow(), log) : SandboxState.fresh(options.seed, realNow());
  const clock = new VirtualClock(realNow, state.clockOffsetMs);
  const now = (): number => clock.now();
  const writer = dataFile ? new StateWriter(dataFile, state, log) : undefined;
  const watchers = new Set<(change: SandboxChange) => void>();
  state.onChange = (change) => {
    writer?.schedule();
    for (const watcher of watchers) {
      try {
        watcher(change);
      } catch (error) {
        log(`Wallet sandbox: a change watcher failed: ${(error as Error)?.stack ?? String(error)}`);
      }
    }
  };
  if (writer) {
    // Saved before the first request, so the signing secret of every token it issues (and the
    // state a journal line builds on) is on disk. A failure is logged; the sandbox still runs.
    await writer.commit().catch(() => undefined);
  }

  const knobs: SandboxKnobs = {
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    latencyMs: 0,
    faults: [],
  };
  const requests: RecordedRequest[] = [];
  const scheduler = new Scheduler(now, (error) =>
    log(`Wallet sandbox: scheduled work failed: ${(error as Error)?.stack ?? String(error)}`),
  );
  const webhooks = new Webhooks(state, scheduler, now);
  const ledger = new Ledger(state, now, scheduler, webhooks);
  const durable = writer ? () => writer.commit() : () => Promise.resolve();
  const env: SandboxEnv = { state, knobs, requests, now, startedAt: Date.now(), clock, scheduler, ledger, webhooks, durable };
  const { server, shutdown } = createSandboxServer(env, log, options.onExchange);
  ledger.restore();
  webhooks.restore();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await writer?.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;

  return {
    url: formatUrl(host, port),
    port,
    knobs,
    requests,
    close(): Promise<void> {
      closed ??= (async () => {
        scheduler.stop();
        await shutdown();
        await writer?.close();
      })();
      return closed;
    },
    now,
    advanceClock: (seconds) => advanceClock(env, seconds * 1000),
    lastPasscode: (mobile) => state.lastPasscode(mobile),
    revokeRefreshTokens: (mobile) => {
      state.requireWallet(mobile);
      state.revokeRefreshTokens(mobile);
    },
    expireAccessTokens: (mobile) => {
      state.requireWallet(mobile);
      state.expireAccessTokens(mobile, now());
    },
    setBalance: (mobile, kobo) => {
      if (!Number.isSafeInteger(kobo) || kobo < 0) {
        throw new Error('balance must be a whole, non-negative number of kobo');
      }
      state.setBalance(mobile, kobo);
    },
    addTransaction: (mobile: string, tx: Partial<TransactionRecord> & { type: TransactionType; amount: number }) =>
      structuredClone(state.addTransaction(mobile, tx, now())),
    generateTransactions: (mobile, count) => state.generateTransactions(mobile, count, now()),
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
    onChange: (listener) => {
      watchers.add(listener);
      return () => void watchers.delete(listener);
    },
  };
}
