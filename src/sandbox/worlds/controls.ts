import { advanceClock } from '../admin/timeTravel';
import { sendTestEvent } from '../admin/testEvents';
import { generateTransactions } from '../domain/bulkHistory';
import { publicEvent } from '../domain/webhooks';
import type { SandboxEnv } from '../http/router';
import type { WorldControls } from '../types';

// What a caller in this process does to one world (the sandbox's, or a namespace's): each call
// reads the env's world when it is made, so it follows a reset.

export function worldControls(env: SandboxEnv): WorldControls {
  return {
    now: () => env.now(),
    advanceClock: (seconds) => advanceClock(env, seconds * 1000),
    lastPasscode: (mobile) => env.state.credentials.lastPasscode(mobile),
    revokeRefreshTokens: (mobile) => {
      env.state.requireWallet(mobile);
      env.state.credentials.revokeRefreshTokens(mobile);
    },
    expireAccessTokens: (mobile) => {
      env.state.requireWallet(mobile);
      env.state.credentials.expireAccessTokens(mobile, env.now());
    },
    balance: (mobile) => env.state.requireWallet(mobile).record.balance,
    setBalance: (mobile, kobo) => {
      if (!Number.isSafeInteger(kobo) || kobo < 0) {
        throw new Error('balance must be a whole, non-negative number of kobo');
      }
      env.state.setBalance(mobile, kobo);
    },
    addTransaction: (mobile, tx) => structuredClone(env.state.addTransaction(mobile, tx, env.now())),
    generateTransactions: (mobile, count) => generateTransactions(env.state, mobile, count, env.now(), () => env.namespaces.historySize()),
    resetWallet: (mobile) => void env.state.resetWallet(mobile, env.now()),
    events: () => [...env.state.events.values()].reverse().map((event) => structuredClone(publicEvent(event))),
    event: (id) => {
      const event = env.state.events.get(id);
      return event && structuredClone(publicEvent(event));
    },
    redeliverEvent: (id) => {
      const event = env.state.events.get(id);
      if (!event) {
        throw new Error(`No webhook event has id ${id.slice(0, 40)}`);
      }
      env.webhooks.redeliver(event);
      return structuredClone(publicEvent(event));
    },
    sendTestEvent: (type, appId) => structuredClone(publicEvent(sendTestEvent(env.state, env.webhooks, type, appId))),
    onChange: (listener) => env.onChange(listener),
  };
}
