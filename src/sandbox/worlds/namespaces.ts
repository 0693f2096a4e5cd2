import { ApiError, ErrorCode, invalid } from '../errors';
import type { NamespaceWorlds, SandboxEnv } from '../http/router';
import { Knobs } from '../http/knobs';
import { secretHash } from '../persistence/records';
import { RequestJournal } from '../requests/journal';
import type { CreatedNamespace, NamespaceSummary, SandboxChange, SandboxKnobs, SandboxNamespace } from '../types';
import { worldControls } from './controls';
import type { WorldSnapshot } from './snapshot';
import { openWorld } from './world';

// Namespaces: private copies of the world a sandbox started from, in the same process and on the
// same port, for parallel test workers. A map from app key to world: a request whose X-App-Key is
// a namespace's lands in that namespace's world (its wallets, ledger, webhook events, request
// journal, clock and knobs), and nowhere else. They live in memory only.

/** What a namespace is made from: the sandbox's start. */
export interface NamespaceSource {
  snapshot: WorldSnapshot;
  /** The knobs as the sandbox started (the scenario's). */
  knobs: SandboxKnobs;
  realNow: () => number;
  onError: (error: unknown) => void;
  /** The scenario's fixed passcodes, by mobile, to show in the answer (a test signs in without reading anything back). */
  passcodes: ReadonlyMap<string, string>;
}

interface Namespace extends SandboxNamespace {
  readonly env: SandboxEnv;
}

export class Namespaces implements NamespaceWorlds {
  private readonly byId = new Map<string, Namespace>();
  /** By the hash of its apps' sandbox keys: the sandbox keeps no key in the clear. */
  private readonly byKey = new Map<string, Namespace>();
  private next = 1;

  /** `root` is read when a namespace is made (the sandbox's env, for its instance, feed and journal limits). */
  constructor(
    private readonly root: () => SandboxEnv,
    private readonly source: NamespaceSource,
  ) {}

  get size(): number {
    return this.byId.size;
  }

  /** A new namespace: a copy of the start world whose apps get new sandbox keys (an app is made when it has none). */
  create(): SandboxNamespace {
    const id = `ns_${this.next++}`;
    const namespace = this.open(id);
    this.byId.set(id, namespace);
    for (const app of namespace.apps) this.byKey.set(secretHash(app.sandboxKey), namespace);
    return namespace;
  }

  get(id: string): SandboxNamespace | undefined {
    return this.byId.get(id);
  }

  /** The namespace whose app key this is, if any (the request router's question). */
  envForKey(key: string): SandboxEnv | undefined {
    return this.byKey.size === 0 ? undefined : this.byKey.get(secretHash(key))?.env;
  }

  envOf(id: string): SandboxEnv | undefined {
    return this.byId.get(id)?.env;
  }

  list(): NamespaceSummary[] {
    return [...this.byId.values()].map((namespace) => summary(namespace));
  }

  /** Its keys stop working and its scheduled work stops; false when no namespace has that id. */
  delete(id: string): boolean {
    const namespace = this.byId.get(id);
    if (!namespace) return false;
    this.byId.delete(id);
    for (const [hash, held] of this.byKey) if (held === namespace) this.byKey.delete(hash);
    namespace.env.scheduler.stop();
    return true;
  }

  /** On close: every namespace goes. */
  clear(): void {
    for (const id of [...this.byId.keys()]) this.delete(id);
  }

  private open(id: string): Namespace {
    const root = this.root();
    const { snapshot, realNow, onError } = this.source;
    const state = snapshot.copy(realNow());
    const listeners = new Set<(change: SandboxChange) => void>();
    const tell = (change: SandboxChange): void => {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          onError(error);
        }
      }
    };
    state.onChange = tell;
    const knobs = new Knobs(this.source.knobs.tokenLifetimeSeconds, () => tell({ wallets: [], transfers: [], events: [], knobs: true }));
    knobs.raw.latencyMs = this.source.knobs.latencyMs;
    for (const { id: given, ...fault } of this.source.knobs.faults) {
      void given;
      knobs.raw.faults.push(knobs.identify(fault));
    }
    const env: SandboxEnv = {
      ...openWorld(state, realNow, onError, id),
      knobs: knobs.raw,
      knobControl: knobs,
      requests: new RequestJournal(root.requests.limits),
      now: () => env.clock.now(),
      startedAt: Date.now(),
      durable: () => Promise.resolve(),
      instance: root.instance,
      role: root.role,
      onChange: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      feed: root.feed,
      closing: root.closing,
      namespaces: this,
      namespace: id,
      reset: () =>
        Promise.reject(invalid('A namespace is not reset as a whole: delete it and create another (POST /__sandbox/namespaces)')),
    };
    const at = env.now();
    let apps = state.allApps();
    if (apps.length === 0) {
      // A sandbox started without a scenario has no app: the namespace gets one (its developer cannot sign in).
      const developer = state.createDeveloper(`${id}@namespace.sandbox.invalid`, 'none', at);
      state.createApp(developer, `Namespace ${id}`, at);
      apps = state.allApps();
    }
    const created: CreatedNamespace = {
      id,
      createdAt: new Date().toISOString(),
      appKey: '',
      apps: apps.map((app) => {
        const keys = state.reissueAppKeys(app._id, at);
        if (!keys) throw new Error(`the app ${app._id} of namespace ${id} has no keys`);
        return { id: app._id, name: app.name, sandboxKey: keys.sandboxKey, wallets: [...app.wallets] };
      }),
      wallets: state.mobiles().map((mobile) => {
        const { name, balance } = state.requireWallet(mobile).record;
        const passcode = this.source.passcodes.get(mobile);
        return { mobile, name, balance, ...(passcode ? { passcode } : {}) };
      }),
    };
    created.appKey = created.apps[0]?.sandboxKey ?? '';
    return { ...created, env, ...worldControls(env), requests: env.requests, knobs: knobs.watched };
  }
}

export function namespaceNotFound(id: string): ApiError {
  return new ApiError(404, ErrorCode.namespaceNotFound, `No namespace has id ${id.slice(0, 40)}; POST /__sandbox/namespaces makes one`);
}

function summary(namespace: Namespace): NamespaceSummary {
  return {
    id: namespace.id,
    createdAt: namespace.createdAt,
    apps: namespace.apps.map(({ id, name }) => ({ id, name })),
    wallets: namespace.env.state.mobiles(),
    requests: namespace.env.requests.size,
    events: namespace.env.state.events.size,
    now: new Date(namespace.env.now()).toISOString(),
  };
}
