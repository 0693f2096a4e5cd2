import { ApiError, ErrorCode } from '../vocabulary/errors';
import type { CreatedNamespace, NamespaceSummary } from '../types';
import type { NamespacePort, WorldPort } from '../client/port';
import { SandboxWorld } from '../client/sandboxWorld';

// Namespaces in the package: private copies of the sandbox's start world on the same port, each
// reached by an app key of its own, for test workers running in parallel. The same in this
// process and over connectSandbox.

/**
 * One namespace: its own wallets, ledger, webhook events, request journal, clock, faults and
 * latency, on the sandbox's URL. Send `appKey` as X-App-Key and every call lands here; wallet
 * tokens issued here work only here. `connectSandbox(url, { appKey })` reaches it from another process.
 */
export class WalletNamespace extends SandboxWorld {
  /** Random (`ns_` and 24 hex digits): what DELETE /__sandbox/namespaces/{id} takes; only `appKey` reaches the namespace. */
  readonly id: string;
  /** The sandbox's base URL (the same for every namespace: the app key routes). */
  readonly url: string;
  /** The X-App-Key to send: a sandbox key of this namespace's first app. */
  readonly appKey: string;
  /** The start world's apps, each with a sandbox key of this namespace's. */
  readonly apps: readonly { id: string; name: string; sandboxKey: string; wallets: string[] }[];
  /** The wallets as the namespace started (with the scenario's fixed passcodes). */
  readonly wallets: readonly { mobile: string; name: string; balance: number; passcode?: string }[];
  /** When it was made (real time). */
  readonly createdAt: Date;

  /** @internal Use sandbox.namespaces.create(). */
  constructor(
    created: CreatedNamespace,
    port: WorldPort,
    url: string,
    private readonly registry: NamespacePort,
  ) {
    super(port);
    this.id = created.id;
    this.url = url;
    this.appKey = created.appKey;
    this.apps = created.apps;
    this.wallets = created.wallets;
    this.createdAt = new Date(created.createdAt);
  }

  /**
   * Puts the namespace back to where it started: wallets, balances, transactions, transfers, webhook
   * events, its journal, faults, latency and clock. Its keys stay; tokens and passcodes issued
   * before stop working. Rejects with SandboxError 404 (90004) when it was deleted.
   */
  override async reset(): Promise<void> {
    if (!(await this.registry.reset(this.id))) throw namespaceGone(this.id);
  }

  /** Deletes the namespace: its keys stop working and its scheduled work stops. False when it was already gone. */
  async delete(): Promise<boolean> {
    return this.registry.delete(this.id);
  }
}

/** `sandbox.namespaces`: make, find, list and delete namespaces. */
export class WalletNamespaces {
  private readonly made = new Map<string, WalletNamespace>();

  /** @internal */
  constructor(
    private readonly registry: NamespacePort,
    private readonly url: string,
  ) {}

  /** A new namespace, copied from the world the sandbox started from (in about the time of a reset). */
  async create(): Promise<WalletNamespace> {
    const { created, port } = await this.registry.create();
    const namespace = new WalletNamespace(created, port, this.url, this.registry);
    this.made.set(namespace.id, namespace);
    return namespace;
  }

  /**
   * The namespace of that id, if it still exists and this side can reach it: in the process that
   * runs the sandbox, any namespace; over connectSandbox, those made through this connection (a
   * namespace's keys are shown only when it is made).
   */
  async get(id: string): Promise<WalletNamespace | undefined> {
    if (!(await this.list()).some((summary) => summary.id === id)) {
      this.made.delete(id);
      return undefined;
    }
    let namespace = this.made.get(id);
    const adopted = namespace ? undefined : this.registry.adopt(id);
    if (adopted) {
      namespace = new WalletNamespace(adopted.created, adopted.port, this.url, this.registry);
      this.made.set(id, namespace);
    }
    return namespace;
  }

  /** Every namespace, oldest first, without keys. */
  list(): Promise<NamespaceSummary[]> {
    return this.registry.list();
  }

  /** False when no namespace has that id. */
  async delete(id: string): Promise<boolean> {
    this.made.delete(id);
    return this.registry.delete(id);
  }
}

function namespaceGone(id: string): Error {
  return new ApiError(404, ErrorCode.namespaceNotFound, `No namespace has id ${id.slice(0, 40)}; sandbox.namespaces.create() makes one`);
}
