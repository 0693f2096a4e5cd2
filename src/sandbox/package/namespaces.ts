import type { NamespaceSummary, SandboxNamespace, SandboxNamespaces } from '../types';
import { SandboxWorld } from './world';

// Namespaces in the package: private copies of the sandbox's start world on the same port, each
// reached by an app key of its own, for test workers running in parallel.

/**
 * One namespace: its own wallets, ledger, webhook events, request journal, clock, faults and
 * latency, on the sandbox's URL. Send `appKey` as X-App-Key and every call lands here; wallet
 * tokens issued here work only here.
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
    namespace: SandboxNamespace,
    url: string,
    private readonly registry: SandboxNamespaces,
  ) {
    super(namespace, namespace.requests);
    this.id = namespace.id;
    this.url = url;
    this.appKey = namespace.appKey;
    this.apps = namespace.apps;
    this.wallets = namespace.wallets;
    this.createdAt = new Date(namespace.createdAt);
  }

  /**
   * Puts the namespace back to where it started: wallets, balances, transactions, transfers, webhook
   * events, its journal, faults, latency and clock. Its keys stay; tokens and passcodes issued
   * before stop working. False when it was deleted.
   */
  async reset(): Promise<boolean> {
    return this.registry.reset(this.id);
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
    private readonly registry: SandboxNamespaces,
    private readonly url: string,
  ) {}

  /** A new namespace, copied from the world the sandbox started from (in about the time of a reset). */
  async create(): Promise<WalletNamespace> {
    const namespace = new WalletNamespace(this.registry.create(), this.url, this.registry);
    this.made.set(namespace.id, namespace);
    return namespace;
  }

  /** The namespace of that id (made here or over POST /__sandbox/namespaces), if it still exists. */
  get(id: string): WalletNamespace | undefined {
    const held = this.registry.get(id);
    if (!held) {
      this.made.delete(id);
      return undefined;
    }
    let namespace = this.made.get(id);
    if (!namespace) {
      namespace = new WalletNamespace(held, this.url, this.registry);
      this.made.set(id, namespace);
    }
    return namespace;
  }

  /** Every namespace, oldest first, without keys. */
  list(): NamespaceSummary[] {
    return this.registry.list();
  }

  /** False when no namespace has that id. */
  async delete(id: string): Promise<boolean> {
    this.made.delete(id);
    return this.registry.delete(id);
  }
}
