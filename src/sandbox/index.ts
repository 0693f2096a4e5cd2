import { AddressInfo } from 'node:net';
import { SandboxEnv } from './router';
import { createSandboxServer } from './server';
import { SandboxState } from './state';
import { loadState, StateWriter } from './store';
import { RecordedRequest, Sandbox, SandboxKnobs, SandboxOptions, TransactionRecord, TransactionType } from './types';

// What the tests and the extension use; the rest stays inside the sandbox.
export type { Sandbox, SandboxOptions, TransactionRecord } from './types';
export { BANKS } from './banks';
export { isValidAccountNumber, makeValidAccountNumber } from './nuban';
export { DEMO_WALLETS } from './state';
export { ErrorCode } from './errors';
export type { SandboxExchange } from './exchange';

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
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.warn(line));
  const host = options.host ?? '127.0.0.1';
  const dataFile = options.dataFile;

  const state = dataFile ? await loadState(dataFile, options.seed, now(), log) : SandboxState.fresh(options.seed, now());
  const writer = dataFile ? new StateWriter(dataFile, state, log) : undefined;
  if (writer) {
    state.onChange = () => writer.schedule();
    // Save at once, so the signing secret survives even if nothing else happens.
    writer.schedule();
  }

  const knobs: SandboxKnobs = {
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    latencyMs: 0,
    faults: [],
  };
  const requests: RecordedRequest[] = [];
  const env: SandboxEnv = { state, knobs, requests, now, startedAt: Date.now() };
  const { server, shutdown } = createSandboxServer(env, log, options.onExchange);

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await writer?.flush();
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
        await shutdown();
        await writer?.flush();
      })();
      return closed;
    },
    lastPasscode: (mobile) => state.lastPasscode(mobile),
    revokeRefreshTokens: (mobile) => {
      state.requireWallet(mobile);
      state.revokeRefreshTokens(mobile);
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
  };
}
