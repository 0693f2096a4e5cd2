import { describeWebhookFilter, matchesWebhook, webhookNearMisses, type WebhookFilter } from '../domain/webhookFilter';
import type { JournalEntry } from '../requests/entry';
import type { RequestFilter } from '../requests/filter';
import type { RequestJournal } from '../requests/journal';
import type { CreatedNamespace, NamespaceSummary, PublicWebhookEvent, SandboxNamespaces, WorldControls } from '../types';
import { waitUntil, type WaitOptions } from '../vocabulary/wait';
import type { RawInput } from '../worlds/input';
import type { OperationName, OperationOutput } from '../worlds/operations';

// How a package world reaches its world: the operations of the table (worlds/operations.ts) by
// name, plus the journal and the waits. A world in this process runs them directly; one over
// HTTP (httpPort.ts) sends each as its admin request. The package's classes are written once,
// against this port, so both sides answer and refuse alike.

export interface WorldPort {
  /**
   * Runs the operation of that name; rejects with SandboxError (ApiError) as the admin API refuses
   * it. Untyped here, so the package's declarations stay clear of the table's (operate types it).
   */
  run(name: string, raw?: RawInput): Promise<unknown>;
  listRequests(filter: RequestFilter): Promise<JournalEntry[]>;
  /** Up to `limit` entries, newest first, read a page at a time (never the whole journal). */
  newestRequests(limit: number): Promise<JournalEntry[]>;
  waitForRequest(filter: RequestFilter, options: WaitOptions): Promise<JournalEntry>;
  /** The oldest matching event, once there is one. */
  waitForEvent(filter: WebhookFilter, options: WaitOptions): Promise<PublicWebhookEvent>;
}

/** The sandbox's namespaces, made, listed, reset and deleted. */
export interface NamespacePort {
  create(): Promise<{ created: CreatedNamespace; port: WorldPort }>;
  /** A namespace this side can reach without having made it (in this process: any; over HTTP: none, its keys are never shown again). */
  adopt(id: string): { created: CreatedNamespace; port: WorldPort } | undefined;
  list(): Promise<NamespaceSummary[]>;
  reset(id: string): Promise<boolean>;
  delete(id: string): Promise<boolean>;
}

export const webhookWaitWhat = (filter: WebhookFilter): string => `webhook event matching ${describeWebhookFilter(filter)}`;

/** A world of this process: answers are copies, as over HTTP, never the world's own objects. */
export function localPort(controls: WorldControls, journal: RequestJournal): WorldPort {
  const oldestMatch = (filter: WebhookFilter) =>
    controls
      .events()
      .reverse()
      .find((event) => matchesWebhook(event, filter));
  return {
    run: async (name, raw) => structuredClone(await controls.runOperation(name, raw)),
    listRequests: async (filter) => journal.list(filter),
    newestRequests: async (limit) => journal.newest(limit),
    waitForRequest: (filter, options) => journal.waitFor(filter, options),
    waitForEvent: (filter, options) =>
      waitUntil(
        () => oldestMatch(filter),
        (again) => controls.onChange((change) => change.events.length > 0 && again()),
        webhookWaitWhat(filter),
        options,
        () => ({ nearMisses: webhookNearMisses(controls.events(), filter) }),
      ),
  };
}

/** The namespaces of a sandbox of this process. */
export function localNamespaces(registry: SandboxNamespaces): NamespacePort {
  const reach = (namespace: ReturnType<SandboxNamespaces['create']>) => {
    const { id, createdAt, appKey, apps, wallets } = namespace;
    return { created: { id, createdAt, appKey, apps, wallets }, port: localPort(namespace, namespace.requests) };
  };
  return {
    create: async () => reach(registry.create()),
    adopt: (id) => {
      const namespace = registry.get(id);
      return namespace && reach(namespace);
    },
    list: async () => registry.list(),
    reset: (id) => registry.reset(id),
    delete: async (id) => registry.delete(id),
  };
}

// An operation of the table run through a port, with its answer's type. Kept out of every public
// signature: the table's types reach modules (valibot's scenario format) that the package's
// declarations must not name.

export type OperationAnswer<N extends OperationName> = Awaited<OperationOutput<N>>;

export function operate<N extends OperationName>(port: WorldPort, name: N, raw?: RawInput): Promise<OperationAnswer<N>> {
  return port.run(name, raw) as Promise<OperationAnswer<N>>;
}
