import type { JournalReader } from '../requests/journal';
import type { JournalReads, Sandbox, SandboxClient, SandboxRole } from '../types';
import { clientCalls, type RunOperation } from './clientCalls';

/** The sandbox this process serves, as a SandboxClient: the operations of the table (worlds/operations.ts), run here. */
export function localClient(sandbox: Sandbox, role: SandboxRole): SandboxClient {
  // Copies, as over HTTP: a caller never holds the sandbox's own objects.
  const run: RunOperation = async (name, raw) => structuredClone(await sandbox.runOperation(name, raw)) as never;
  return {
    url: sandbox.url,
    port: sandbox.port,
    server: { here: true, pid: process.pid, role },
    run,
    onChange: (listener) => sandbox.onChange(listener),
    requests: journalReads(sandbox.requests),
    ...clientCalls(run),
  };
}

/** A journal of this process as SandboxClient reads it (what GET /__sandbox/requests?limit= answers elsewhere). */
export function journalReads(journal: JournalReader): JournalReads {
  return {
    newest: async (limit) => journal.newest(limit),
    onChange: (listener) => journal.onChange(() => listener(journal.lastId)),
  };
}
