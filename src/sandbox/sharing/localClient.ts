import type { JournalReader } from '../requests/journal';
import type { Fault, JournalReads, Sandbox, SandboxChange, SandboxClient, SandboxRole } from '../types';

/** The sandbox this process serves, as a SandboxClient: its methods (the operations' table, worlds/operations.ts), called directly. */
export function localClient(sandbox: Sandbox, role: SandboxRole): SandboxClient {
  return {
    url: sandbox.url,
    port: sandbox.port,
    server: { here: true, pid: process.pid, role },
    // Copies, as over HTTP: a caller never holds the sandbox's own objects.
    knobs: async () => structuredClone(sandbox.knobs),
    now: async () => sandbox.now(),
    events: async () => sandbox.events(),
    event: async (id) => sandbox.event(id),
    onChange: (listener) => sandbox.onChange(listener),
    // As RemoteSandbox does: the sandbox gives the fault its id, whatever the copy carried.
    addFault: async ({ id, ...fault }: Fault) => (void id, sandbox.addFault(fault)),
    removeFault: async (id) => sandbox.removeFault(id),
    clearFaults: async () => sandbox.clearFaults(),
    setLatency: async (ms) => sandbox.setLatency(ms),
    advanceClock: async (seconds) => {
      const changes: SandboxChange[] = [];
      const stop = sandbox.onChange((change) => changes.push(change));
      try {
        await sandbox.advanceClock(seconds);
      } finally {
        stop();
      }
      return changes;
    },
    lastPasscode: async (mobile) => sandbox.lastPasscode(mobile),
    setBalance: async (mobile, kobo) => sandbox.setBalance(mobile, kobo),
    addTransaction: async (mobile, tx) => sandbox.addTransaction(mobile, tx),
    expireAccessTokens: async (mobile) => sandbox.expireAccessTokens(mobile),
    revokeRefreshTokens: async (mobile) => sandbox.revokeRefreshTokens(mobile),
    resetWallet: async (mobile) => sandbox.resetWallet(mobile),
    redeliverEvent: async (id) => sandbox.redeliverEvent(id),
    sendTestEvent: async (type, appId) => sandbox.sendTestEvent(type, appId),
    requests: journalReads(sandbox.requests),
    clearRequests: async () => sandbox.requests.clear(),
    scenario: () => sandbox.exportScenario(),
    reset: () => sandbox.reset(),
    findings: async () => sandbox.findings(),
    clearFindings: async () => sandbox.clearFindings(),
  };
}

/** A journal of this process as SandboxClient reads it (what GET /__sandbox/requests?limit= answers elsewhere). */
export function journalReads(journal: JournalReader): JournalReads {
  return {
    newest: async (limit) => journal.newest(limit),
    onChange: (listener) => journal.onChange(() => listener(journal.lastId)),
  };
}
