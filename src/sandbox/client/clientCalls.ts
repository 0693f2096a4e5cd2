import type { Fault, SandboxChange, SandboxClient } from '../types';
import type { RawInput } from '../worlds/input';
import { orNoneLater } from '../worlds/noneAnswers';
import { MAX_EVENTS } from '../domain/state';
import { everyEventOf } from '../worlds/eventsPage';
import type { OperationName, OperationOutput } from '../worlds/operations';

// SandboxClient's calls, each one operation of the table (worlds/operations.ts), written once:
// the sandbox this process serves (shared.ts localClient) and the one SharedSandbox reaches
// differ only in how an operation is run. So the editor's sandbox takes, refuses and answers
// alike on either side, and a new control is one line here.

/** Runs the operation of that name on a world, here or over its admin API; answers copies, never the world's own objects. */
export type RunOperation = <N extends OperationName>(name: N, raw?: RawInput) => Promise<Awaited<OperationOutput<N>>>;

/** What a SandboxClient does through the operations: everything but where it is, its change stream and its journal. */
export type ClientCalls = Omit<SandboxClient, 'url' | 'port' | 'server' | 'run' | 'onChange' | 'requests'>;

export function clientCalls(run: RunOperation): ClientCalls {
  return {
    knobs: async () => (await run('knobs')).knobs,
    now: async () => Date.parse((await run('clock')).now),
    events: () => everyEventOf((before) => run('events', { limit: MAX_EVENTS, before })),
    event: async (id) => (await orNoneLater('event', () => run('event', { id })))?.event,
    // The sandbox gives the fault its id, whatever the copy carried.
    addFault: async ({ id, ...fault }: Fault) => (void id, (await run('addFault', { ...fault })).fault),
    removeFault: async (id) => (await run('removeFault', { id })).removed,
    clearFaults: async () => (await run('clearFaults')).cleared,
    setLatency: async (ms) => void (await run('setKnobs', { latencyMs: ms })),
    advanceClock: async (seconds): Promise<SandboxChange[]> => {
      const { changed } = await run('advanceClock', { seconds });
      return [{ wallets: [], ...changed, clock: true }];
    },
    lastPasscode: async (mobile) => (await orNoneLater('passcode', () => run('passcode', { mobile })))?.passcode,
    setBalance: async (mobile, kobo) => void (await run('setBalance', { mobile, balance: kobo })),
    addTransaction: async (mobile, tx) => (await run('addTransaction', { ...tx, mobile })).transaction,
    expireAccessTokens: async (mobile) => void (await run('expire', { mobile })),
    revokeRefreshTokens: async (mobile) => void (await run('revoke', { mobile })),
    resetWallet: async (mobile) => void (await run('resetWallet', { mobile })),
    redeliverEvent: async (id) => (await run('redeliverEvent', { id })).event,
    sendTestEvent: async (type, appId, transfer) =>
      (await run('sendTestEvent', { type, appId, ...(transfer ? { transfer: true, mobile: transfer.mobile } : {}) })).event,
    clearRequests: async () => void (await run('clearRequests')),
    scenario: () => run('exportScenario'),
    reset: async () => void (await run('reset')),
    findings: async (query) => (await run('findings', { ...query })).findings,
    clearFindings: async () => (await run('clearFindings')).cleared,
  };
}
