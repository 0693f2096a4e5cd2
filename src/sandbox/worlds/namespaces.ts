import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode, limitReached } from '../vocabulary/errors';
import { listeners } from '../vocabulary/listeners';
import { Knobs } from './knobs';
import { secretHash } from '../domain/records';
import { RequestJournal } from '../requests/journal';
import { FindingsBook } from '../findings/findingsBook';
import { historySize, MAX_SANDBOX_HISTORY } from '../domain/bulkHistory';
import type { SandboxState } from '../domain/state';
import { MAX_NEW_WALLET_HISTORY } from '../domain/seed/seedWallets';
import type { CreatedNamespace, NamespaceSummary, SandboxChange, SandboxKnobs, SandboxNamespace } from '../types';
import { worldControls } from './controls';
import { resetWorld } from './reset';
import type { WorldStart } from './worldStart';
import { openWorld, watchFindings, type NamespaceWorlds, type SandboxEnv } from './env';
import { checkedInput, DEFAULT_MAX_NAMESPACES, StartOptionsSchema } from '../domain/inputs';

// Namespaces: private copies of the world a sandbox started from, in the same process and on the
// same port, for parallel test workers. A map from app key to world: a request whose X-App-Key is
// a namespace's lands in that namespace's world (its wallets, ledger, webhook events, request
// journal, clock and knobs), and nowhere else. Its key is the only way in: ids are random and
// name a namespace to list or delete, never to reach. They live in memory only.

/** How many namespaces a sandbox holds unless told (--max-namespaces, startSandbox({ maxNamespaces })): domain/inputs.ts. */
export { DEFAULT_MAX_NAMESPACES };

/** What a namespace is made from: the sandbox's start. */
export interface NamespaceSource {
  worldStart: WorldStart;
  /** The knobs as the sandbox started (the scenario's). */
  knobs: SandboxKnobs;
  realNow: () => number;
  onError: (error: unknown) => void;
  /** The scenario's fixed passcodes, by mobile, to show in the answer (a test signs in without reading anything back). */
  passcodes: ReadonlyMap<string, string>;
  /** The most namespaces at once (DEFAULT_MAX_NAMESPACES unless told). */
  maxNamespaces?: number;
}

interface Namespace extends SandboxNamespace {
  readonly env: SandboxEnv;
}

export class Namespaces implements NamespaceWorlds {
  private readonly byId = new Map<string, Namespace>();
  /** By the hash of its apps' keys: the sandbox keeps no key in the clear. */
  private readonly byKey = new Map<string, Namespace>();
  private readonly max: number;

  /** `root` is read when a namespace is made (the sandbox's env, for its instance, feed and journal limits). */
  constructor(
    private readonly root: () => SandboxEnv,
    private readonly source: NamespaceSource,
  ) {
    this.max = checkedMaxNamespaces(source.maxNamespaces);
  }

  get size(): number {
    return this.byId.size;
  }

  /**
   * A new namespace: a copy of the start world whose apps get new sandbox keys (an app is made when
   * it has none). Refused past the namespace limit, and when the transactions it would hold would
   * take every world's together past MAX_SANDBOX_HISTORY (the generate limit's own count).
   */
  create(): SandboxNamespace {
    if (this.byId.size >= this.max) throw tooManyNamespaces(this.max);
    const { transactions, hasApps } = this.source.worldStart;
    // A start without an app: the namespace's developer gets a wallet with a generated history.
    const adds = transactions + (hasApps ? 0 : MAX_NEW_WALLET_HISTORY);
    const held = this.historySize();
    if (held + adds > MAX_SANDBOX_HISTORY) throw historyFull(held, adds);
    let id: string;
    do id = `ns_${randomBytes(12).toString('hex')}`;
    while (this.byId.has(id));
    const namespace = this.open(id);
    this.byId.set(id, namespace);
    this.keysChanged(id);
    return namespace;
  }

  get(id: string): SandboxNamespace | undefined {
    return this.byId.get(id);
  }

  /** The namespace whose app key this is, if any (the request router's question). */
  envForKey(key: string): SandboxEnv | undefined {
    return this.byKey.size === 0 ? undefined : this.byKey.get(secretHash(key))?.env;
  }

  /** Routes the namespace's keys as its apps hold them now (after POST /__sandbox/apps/:id/keys inside it). */
  keysChanged(id: string): void {
    const namespace = this.byId.get(id);
    if (!namespace) return;
    this.forgetKeys(namespace);
    for (const app of namespace.env.state.apps.allApps()) {
      this.byKey.set(app.keyHash, namespace);
      this.byKey.set(app.sandboxKeyHash, namespace);
    }
  }

  /** How many transactions the wallets of every world hold: the sandbox's own and every namespace's (the generate limit's measure). */
  historySize(): number {
    let total = historySize(this.root().state);
    for (const { env } of this.byId.values()) total += historySize(env.state);
    return total;
  }

  list(): NamespaceSummary[] {
    return [...this.byId.values()].map((namespace) => summary(namespace));
  }

  /** Puts the namespace back to its start, keeping its keys; false when no namespace has that id. */
  async reset(id: string): Promise<boolean> {
    const namespace = this.byId.get(id);
    if (!namespace) return false;
    await namespace.env.reset();
    return true;
  }

  /** Its keys stop working, its scheduled work stops and its journal lets go of its share of the budget. */
  delete(id: string): boolean {
    const namespace = this.byId.get(id);
    if (!namespace) return false;
    this.byId.delete(id);
    this.forgetKeys(namespace);
    namespace.env.scheduler.stop();
    namespace.env.requests.detach();
    // What it found stays the run's; what its rules waited on is judged now (no requery can reach it).
    namespace.env.findings.detach();
    return true;
  }

  /** On close: every namespace goes. */
  clear(): void {
    for (const id of [...this.byId.keys()]) this.delete(id);
  }

  private forgetKeys(namespace: Namespace): void {
    for (const [hash, held] of this.byKey) if (held === namespace) this.byKey.delete(hash);
  }

  private open(id: string): Namespace {
    const { worldStart, realNow, onError } = this.source;
    const state = worldStart.copy(realNow());
    const env = this.openEnv(id, state);
    const hadApps = state.apps.allApps().length > 0;
    const created = this.issueKeys(id, state, env.now());
    // What a reset goes back to: the sandbox's start with this namespace's keys (reset.ts keeps them);
    // a start without apps got one made here, so its own copy (the demo world: small) holds it.
    const start = hadApps ? worldStart : worldStart.derive(state);
    env.reset = () => resetWorld(env, { worldStart: start, knobs: this.source.knobs, realNow, onError, namespace: id });
    return {
      ...created,
      env,
      ...worldControls(env),
      requests: env.requests,
      get knobs() {
        return env.knobControl.view();
      },
    };
  }

  /** The namespace's env: its world, knobs and journal; what it shares with the sandbox (instance, feed, journal budget) from the root. */
  private openEnv(id: string, state: SandboxState): SandboxEnv {
    const root = this.root();
    const { realNow, onError } = this.source;
    const changes = listeners<SandboxChange>(onError);
    const tell = changes.tell;
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
      requests: new RequestJournal({ maxEntries: root.requests.limits.maxEntries }, root.requests.budget),
      findings: new FindingsBook(
        () => env.now(),
        {
          ignore: root.findings.ignoredRules,
          namespace: id,
          isAppKey: (value) => env.state.apps.appByKey(value) !== undefined,
          ...(root.findings.run ? { run: root.findings.run } : {}),
        },
        () => tell({ wallets: [], transfers: [], events: [], findings: true }),
      ),
      now: () => env.clock.now(),
      startedAt: Date.now(),
      durable: () => Promise.resolve(),
      instance: root.instance,
      role: root.role,
      onChange: changes.add,
      feed: root.feed,
      closing: root.closing,
      // What unmasks its journal over HTTP (its admin calls need its own key, not this token).
      ...(root.adminToken === undefined ? {} : { adminToken: root.adminToken }),
      namespaces: this,
      namespace: id,
      reset: () => Promise.resolve(),
    };
    watchFindings(env);
    return env;
  }

  /** New sandbox keys for every app of the namespace (one app is made when the world has none): the create answer. */
  private issueKeys(id: string, state: SandboxState, at: number): CreatedNamespace {
    let apps = state.apps.allApps();
    if (apps.length === 0) {
      // A sandbox started without a scenario has no app: the namespace gets one (its developer cannot sign in).
      const developer = state.apps.createDeveloper(`${id}@namespace.sandbox.invalid`, 'none', at);
      state.apps.createApp(developer, `Namespace ${id}`, at);
      apps = state.apps.allApps();
    }
    const created: CreatedNamespace = {
      id,
      createdAt: new Date().toISOString(),
      appKey: '',
      apps: apps.map((app) => {
        const keys = state.apps.reissueAppKeys(app._id, at);
        if (!keys) throw new Error(`the app ${app._id} of namespace ${id} has no keys`);
        return { id: app._id, name: app.name, sandboxKey: keys.sandboxKey, wallets: [...app.wallets] };
      }),
      wallets: state.wallets.mobiles().map((mobile) => {
        const { name, balance } = state.wallets.requireWallet(mobile).record;
        const passcode = this.source.passcodes.get(mobile);
        return { mobile, name, balance, ...(passcode ? { passcode } : {}) };
      }),
    };
    created.appKey = created.apps[0]?.sandboxKey ?? '';
    return created;
  }
}

/** The namespace limit as given: the namespace options' range (domain/inputs.ts), or a 400 (10000) naming it. */
export function checkedMaxNamespaces(value: number | undefined): number {
  return checkedInput(StartOptionsSchema, { maxNamespaces: value }).maxNamespaces ?? DEFAULT_MAX_NAMESPACES;
}

function tooManyNamespaces(max: number): ApiError {
  return limitReached(
    409,
    `The sandbox holds ${max} namespaces, its limit: delete one (DELETE /__sandbox/namespaces/{id}), ` +
      'or start it with a higher limit (--max-namespaces <n>, or startSandbox({ maxNamespaces }))',
  );
}

function historyFull(held: number, adds: number): ApiError {
  return limitReached(
    409,
    `A new namespace would hold up to ${adds} transactions (its copy of the start world); the sandbox's worlds hold ` +
      `${held}, and may hold ${MAX_SANDBOX_HISTORY} in all (about 140 MB). Delete a namespace (DELETE /__sandbox/namespaces/{id}) ` +
      'or reset wallets or worlds to make room, or start from a scenario with shorter histories',
  );
}

export function namespaceNotFound(id: string): ApiError {
  return new ApiError(404, ErrorCode.namespaceNotFound, `No namespace has id ${id.slice(0, 40)}; POST /__sandbox/namespaces makes one`);
}

/** `?namespace=` on an admin call: a namespace's id is not a key to it. */
export function namespaceByKeyOnly(): ApiError {
  return new ApiError(
    400,
    ErrorCode.namespaceByKey,
    "?namespace= does not reach a namespace: send the namespace's key as X-App-Key (its appKey from POST /__sandbox/namespaces)",
  );
}

function summary(namespace: Namespace): NamespaceSummary {
  return {
    id: namespace.id,
    createdAt: namespace.createdAt,
    apps: namespace.apps.map(({ id, name }) => ({ id, name })),
    wallets: namespace.env.state.wallets.mobiles(),
    requests: namespace.env.requests.size,
    events: namespace.env.state.events.size,
    now: new Date(namespace.env.now()).toISOString(),
  };
}
