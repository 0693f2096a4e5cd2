import { randomBytes } from 'node:crypto';
import { invalid } from '../vocabulary/errors';
import { listeners } from '../vocabulary/listeners';
import { checkedInput, StartOptionsSchema } from '../domain/inputs';
import { AddressInfo } from 'node:net';
import type { ExchangeListener } from '../http/exchange';
import { Knobs } from '../worlds/knobs';
import { openWorld, watchFindings, type SandboxEnv } from '../worlds/env';
import { createSandboxServer, listenFrom } from '../http/server';
import { recordInto } from '../http/recordExchange';
import { RequestJournal } from '../requests/journal';
import { FindingsBook } from '../findings/findingsBook';
import { RunFindings } from '../findings/runFindings';
import { ChangeFeed } from '../sharing/wire';
import { claimStateFile, OwnerLock } from '../sharing/ownerLock';
import { setClockFrozen } from '../domain/clock';
import { SandboxState } from '../domain/state';
import { StateWriter } from '../persistence/stateWriter';
import { checkStateFilePath, loadState } from '../persistence/store';
import { LoadedScenario, Sandbox, SandboxChange, SandboxKnobs, SandboxOptions } from '../types';
import { worldControls } from '../worlds/controls';
import { runOperation } from '../worlds/operations';
import { resetWorld } from '../worlds/reset';
import { WorldStart } from '../worlds/worldStart';
import { Namespaces } from '../worlds/namespaces';
import type { Scenario } from '../scenario/format';
import { normaliseMobile, parseScenario, readScenarioFile } from '../scenario/parse';
import { applyPasscodes, buildScenarioState, scenarioKnobs } from '../scenario/scenarioState';

// Starting a sandbox: its state (and the state file's owner lock), its server, its knobs, and
// the Sandbox object its callers hold.

const DEFAULT_TOKEN_LIFETIME_SECONDS = 86400;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why the sandbox will not listen on `host`, or undefined: the one rule the CLI (--allow-remote)
 * and startSandbox (allowRemote: true) both keep. The sandbox speaks plain HTTP.
 */
export function remoteHostRefusal(host: string, allowRemote: boolean | undefined): string | undefined {
  if (isLoopback(host) || allowRemote === true) return undefined;
  return `Refusing to listen on ${host}: it is reachable from other machines. Add --allow-remote (allowRemote: true from Node) if you mean it.`;
}

/** The shortest admin token the sandbox takes (a generated one has 32 hex digits). */
export const MIN_ADMIN_TOKEN_LENGTH = 16;

/**
 * The root world's admin token: only with allowRemote (a loopback sandbox's admin API is open to
 * this machine, as before); the given one, else one generated. Why one is refused, else undefined.
 */
export function adminTokenRefusal(token: unknown, allowRemote: boolean | undefined): string | undefined {
  if (token === undefined) return undefined;
  if (allowRemote !== true)
    return 'An admin token applies only with --allow-remote (allowRemote: true from Node): on loopback the admin API needs none';
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token) || token.length < MIN_ADMIN_TOKEN_LENGTH || token.length > 200) {
    return `The admin token must be ${MIN_ADMIN_TOKEN_LENGTH} to 200 printable characters without spaces; leave it out and the sandbox makes one`;
  }
  return undefined;
}

function checkOptions(options: SandboxOptions): void {
  const refusal =
    remoteHostRefusal(options.host ?? '127.0.0.1', options.allowRemote) ?? adminTokenRefusal(options.adminToken, options.allowRemote);
  if (refusal) throw invalid(refusal);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw invalid(`port must be a whole number from 0 to 65535, got ${String(options.port)}`);
  }
  const tries = options.portTries ?? 1;
  if (!Number.isInteger(tries) || tries < 1) {
    throw invalid(`portTries must be a whole number, at least 1, got ${String(options.portTries)}`);
  }
  // The token lifetime's range is the knob's (Save Sandbox as Scenario writes any lifetime the sandbox started with),
  // and the namespace options': domain/inputs.ts, the one definition of each.
  checkedInput(StartOptionsSchema, { tokenLifetimeSeconds: options.tokenLifetimeSeconds, maxNamespaces: options.maxNamespaces });
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Starts the sandbox and resolves once it is listening. With a state file, it first takes the
 * file (see sharing/ownerLock.ts): while another live process serves it, this throws
 * StateFileInUse, which names that process and where it listens.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  checkOptions(options);
  const dataFile = options.dataFile;
  const role = options.role ?? 'program';
  let lock: OwnerLock | undefined;
  if (dataFile) {
    await checkStateFilePath(dataFile);
    lock = await claimStateFile(dataFile, role);
  }
  try {
    return await serve(options, role, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** What one start is made of, passed between its steps. */
interface Start {
  options: SandboxOptions;
  role: string;
  lock: OwnerLock | undefined;
  realNow: () => number;
  log: (line: string) => void;
  scenario: Scenario | undefined;
}

async function serve(options: SandboxOptions, role: string, lock: OwnerLock | undefined): Promise<Sandbox> {
  const start: Start = {
    options,
    role,
    lock,
    realNow: options.now ?? Date.now,
    log: options.log ?? ((line: string) => console.warn(line)),
    scenario: await readScenario(options),
  };
  const { state, loaded, worldStart } = await openState(start);
  const writer = options.dataFile ? new StateWriter(options.dataFile, state, start.log, lock && (() => lock.held())) : undefined;
  const instance = lock?.record.instance ?? randomBytes(8).toString('hex');
  const feed = new ChangeFeed();
  feed.secret = lock?.record.secret;
  const changes = changeListeners(feed, start.log);
  state.onChange = (change) => {
    writer?.schedule();
    changes.notify(change);
  };
  // Saved before the first request, so the signing secret of every token it issues (and the
  // state an append-log line builds on) is on disk. A failure is logged; the sandbox still runs.
  if (writer) await writer.commit().catch(() => undefined);

  const knobs = startingKnobs(start, () => changes.notify({ wallets: [], transfers: [], events: [], knobs: true }));
  const closing = new AbortController();
  const env = sandboxEnv(start, { state, worldStart, writer, instance, feed, knobs, closing, ...changes });
  const { server, shutdown } = createSandboxServer(env, start.log, observer(options, env.requests, env.namespaces));
  try {
    await listenFrom(server, options.host ?? '127.0.0.1', options.port ?? 0, options.portTries ?? 1);
  } catch (error) {
    env.scheduler.stop();
    env.namespaces.clear();
    await writer?.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = formatUrl(options.host ?? '127.0.0.1', port);
  await lock?.publish(url);
  return sandboxHandle(env, { url, port, loaded, knobs, closing, lock, writer, shutdown });
}

/** The world this start serves: the state file's, else one made from the scenario or the seed; and what a reset goes back to. */
async function openState({ options, scenario, realNow, log }: Start) {
  let made: { state: SandboxState; loaded?: LoadedScenario } | undefined;
  const frozen = options.clock?.frozen ?? scenario?.clock?.frozen;
  const make = async (seed: number | undefined): Promise<{ state: SandboxState; loaded?: LoadedScenario }> => {
    const nowMs = realNow();
    const world = scenario ? await buildScenarioState(scenario, nowMs) : { state: SandboxState.fresh(seed, nowMs) };
    if (frozen) setClockFrozen(world.state, true, nowMs);
    return world;
  };
  const fresh = async (): Promise<SandboxState> => {
    made = await make(options.seed);
    return made.state;
  };
  const state = options.dataFile ? await loadState(options.dataFile, fresh, realNow(), log) : await fresh();
  // A state file's clock keeps its time; frozen or running as the options or scenario say, else as it was saved.
  if (!made && frozen !== undefined) setClockFrozen(state, frozen, realNow());
  // What a reset goes back to: the world this start made, or (a state file's world was loaded) the one it would have made.
  const worldStart = new WorldStart((made ?? (await make(options.seed ?? state.seed))).state, scenario, frozen);
  if (scenario) applyPasscodes(state, scenario);
  return { state, loaded: made?.loaded, worldStart };
}

/** Sandbox.onChange's listeners and the change feed, told of every change; a failing listener is logged, never thrown. */
function changeListeners(feed: ChangeFeed, log: (line: string) => void) {
  const watchers = listeners<SandboxChange>((error) =>
    log(`Wallet sandbox: a change watcher failed: ${(error as Error)?.stack ?? String(error)}`),
  );
  const notify = (change: SandboxChange): void => {
    watchers.tell(change);
    feed.send('change', change);
  };
  return { notify, onChange: watchers.add };
}

/** The knobs as the options and scenario set them (in memory only: nothing to write, only watchers to tell), and a copy for resets. */
function startingKnobs({ options, scenario }: Start, report: () => void): { control: Knobs; atStart: SandboxKnobs } {
  const fromScenario = scenario && scenarioKnobs(scenario);
  const control = new Knobs(options.tokenLifetimeSeconds ?? fromScenario?.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS, report);
  control.raw.latencyMs = fromScenario?.latencyMs ?? 0;
  for (const fault of fromScenario?.faults ?? []) control.raw.faults.push(control.identify(fault));
  return { control, atStart: { ...control.raw, faults: control.raw.faults.map((fault) => ({ ...fault })) } };
}

/** The root world's env: its namespaces are the registry itself (close() clears them). */
type RootEnv = SandboxEnv & { namespaces: Namespaces };

interface EnvParts {
  state: SandboxState;
  worldStart: WorldStart;
  writer: StateWriter | undefined;
  instance: string;
  feed: ChangeFeed;
  knobs: { control: Knobs; atStart: SandboxKnobs };
  closing: AbortController;
  onChange: SandboxEnv['onChange'];
  notify(change: SandboxChange): void;
}

/** The root world's env, with the journal and the namespaces every world of the sandbox shares. */
function sandboxEnv({ options, role, realNow, log, scenario }: Start, parts: EnvParts): RootEnv {
  const { state, worldStart, writer, feed, knobs } = parts;
  const requests = new RequestJournal(options.journal);
  // The processes that use this sandbox (other windows, the MCP server) hear that it changed, and read it here.
  requests.onChange(() => feed.send('requests', { lastId: requests.lastId }));
  const onError = (error: unknown): void => log(`Wallet sandbox: scheduled work failed: ${(error as Error)?.stack ?? String(error)}`);
  const passcodes = new Map(
    (scenario?.wallets ?? []).flatMap((w) => (w.passcode ? [[normaliseMobile(w.mobile), w.passcode] as const] : [])),
  );
  const namespaces = new Namespaces(() => env, {
    worldStart,
    knobs: knobs.atStart,
    realNow,
    onError,
    passcodes,
    ...(options.maxNamespaces === undefined ? {} : { maxNamespaces: options.maxNamespaces }),
  });
  const env: RootEnv = {
    ...openWorld(state, realNow, onError),
    knobs: knobs.control.raw,
    knobControl: knobs.control,
    requests,
    findings: new FindingsBook(
      () => env.now(),
      {
        ignore: options.findings?.ignore ?? scenario?.findings?.ignore ?? [],
        // The run's record: every world's findings, across resets and deleted namespaces.
        run: new RunFindings(),
        isAppKey: (value) => env.state.apps.appByKey(value) !== undefined,
      },
      () => parts.notify({ wallets: [], transfers: [], events: [], findings: true }),
    ),
    now: () => env.clock.now(),
    startedAt: Date.now(),
    durable: writer ? () => writer.commit() : () => Promise.resolve(),
    instance: parts.instance,
    role,
    onChange: parts.onChange,
    feed,
    closing: parts.closing.signal,
    namespaces,
    reset: () => resetWorld(env, { worldStart, knobs: knobs.atStart, realNow, onError, ...(writer ? { writer } : {}) }),
    ...(scenario ? { scenario } : {}),
    ...(options.allowRemote ? { adminToken: options.adminToken ?? randomBytes(16).toString('hex') } : {}),
  };
  watchFindings(env);
  return env;
}

interface Served {
  url: string;
  port: number;
  loaded: LoadedScenario | undefined;
  knobs: { control: Knobs };
  closing: AbortController;
  lock: OwnerLock | undefined;
  writer: StateWriter | undefined;
  shutdown(): Promise<void>;
}

/** The Sandbox its caller holds: the root world's controls, and close(), which stops everything in order. */
function sandboxHandle(env: RootEnv, { url, port, loaded, knobs, closing, lock, writer, shutdown }: Served): Sandbox {
  let closed: Promise<void> | undefined;
  return {
    ...worldControls(env),
    url,
    port,
    ...(loaded ? { scenario: loaded } : {}),
    ...(env.adminToken === undefined ? {} : { adminToken: env.adminToken }),
    get knobs() {
      return knobs.control.view();
    },
    requests: env.requests,
    reset: async () => void (await runOperation(env, 'reset')),
    namespaces: env.namespaces,
    close(): Promise<void> {
      closed ??= (async () => {
        closing.abort(new Error('The sandbox closed'));
        env.scheduler.stop();
        env.namespaces.clear();
        await shutdown();
        await writer?.close();
        // Last: whoever takes the file over next loads everything this one saved.
        await lock?.release();
      })();
      return closed;
    },
    exportScenario: () => runOperation(env, 'exportScenario'),
  };
}
/** The scenario of the options, read and checked (a file's path or an object); the options' seed wins. */
async function readScenario(options: SandboxOptions): Promise<Scenario | undefined> {
  if (options.scenario === undefined) return undefined;
  const scenario = typeof options.scenario === 'string' ? await readScenarioFile(options.scenario) : parseScenario(options.scenario);
  return options.seed === undefined ? scenario : { ...scenario, seed: options.seed };
}

/** The exchange listener: the journal's (unless it records nothing; a namespace's has the same limits) and the caller's observer. */
function observer(options: SandboxOptions, journal: RequestJournal, namespaces: Namespaces): ExchangeListener | undefined {
  const own = options.onExchange;
  if (!journal.recording) return own && { answered: (exchange) => own(exchange) };
  const record = recordInto(journal, (key) => namespaces.envForKey(key));
  if (!own) return record;
  return {
    arrived: record.arrived,
    answered: (exchange, ticket) => {
      record.answered(exchange, ticket);
      own(exchange);
    },
  };
}
