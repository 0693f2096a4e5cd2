import type { Fault, PublicWebhookEvent, WorldControls } from '../types';
import { orNone } from './noneAnswers';
import { runOperation, type OperationName } from './operations';
import { MAX_EVENTS } from '../domain/state';
import { everyEvent } from './eventsPage';
import { findingsNow, type SandboxEnv } from './env';
import { FindingsQuerySchema } from './worldOperations';
import { checkedInput } from '../domain/inputs';

// What a caller in this process does to one world (the sandbox's, or a namespace's): each call
// runs the operation of the table (worlds/operations.ts) that the admin API runs, so Node and
// HTTP take and refuse the same input with the same ApiError. Each call reads the env's world
// when it is made, so it follows a reset; answers are copies, never the world's own objects.

export function worldControls(env: SandboxEnv): WorldControls {
  const run = runOperation;
  return {
    now: () => Date.parse(run(env, 'clock').now),
    advanceClock: async (seconds) => void (await run(env, 'advanceClock', { seconds })),
    lastPasscode: (mobile) => orNone('passcode', () => run(env, 'passcode', { mobile }).passcode),
    revokeRefreshTokens: (mobile) => void run(env, 'revoke', { mobile }),
    expireAccessTokens: (mobile) => void run(env, 'expire', { mobile }),
    balance: (mobile) => run(env, 'balance', { mobile }).user.balance,
    setBalance: (mobile, balance) => void run(env, 'setBalance', { mobile, balance }),
    addTransaction: (mobile, tx) => structuredClone(run(env, 'addTransaction', { ...tx, mobile }).transaction),
    generateTransactions: async (mobile, count) => void (await run(env, 'generateTransactions', { mobile, count })),
    resetWallet: (mobile) => void run(env, 'resetWallet', { mobile }),
    events: () => structuredClone(everyEvent((before) => run(env, 'events', { limit: MAX_EVENTS, before }))),
    event: (id) => orNone('event', () => structuredClone(run(env, 'event', { id }).event)),
    redeliverEvent: (id) => structuredClone(run(env, 'redeliverEvent', { id }).event),
    // Made up (no `transfer`): answered at once, never a promise.
    sendTestEvent: (type, appId, data) =>
      structuredClone((run(env, 'sendTestEvent', { type, appId, data }) as { event: PublicWebhookEvent }).event),
    countRequests: (filter) => run(env, 'countRequests', { ...filter }).count,
    expectRequests: (filter, count) => run(env, 'expectRequests', { ...filter, count }).requests,
    addFault: (fault: Fault) => ({ ...run(env, 'addFault', { ...fault }).fault }),
    removeFault: (id) => run(env, 'removeFault', { id }).removed,
    clearFaults: () => run(env, 'clearFaults').cleared,
    listFaults: () => structuredClone(run(env, 'knobs').knobs.faults),
    setLatency: (ms) => void run(env, 'setKnobs', { latencyMs: ms }),
    setTokenLifetime: (seconds) => void run(env, 'setKnobs', { tokenLifetimeSeconds: seconds }),
    onChange: (listener) => env.onChange(listener),
    runOperation: (name, raw) => run(env, name as OperationName, raw),
    // Read as they are now (what waits is judged once its grace passed): the in-process read is synchronous.
    findings: (query) => findingsNow(env, checkedInput(FindingsQuerySchema, { ...query })),
    clearFindings: () => run(env, 'clearFindings').cleared,
  };
}
