import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from '../persistence/store';
import type { SandboxRole } from '../types';

// One sandbox per state file. The process that serves a state file holds `<state>.owner` beside
// it, made by an exclusive create (a reader that finds it still empty waits: removeStale); the
// others use its sandbox over HTTP instead of loading and writing the file (client/shared.ts).
// A lock whose process is gone is removed, as is one that cannot be read: the file is free. A
// live owner is never taken over (no split brain by construction): one that does not answer for
// UNRESPONSIVE_MS is reported (StateFileInUse, `unresponsive`), and left alone.

/** What `<state>.owner` says. */
export interface OwnerRecord {
  pid: number;
  role: SandboxRole;
  /** Random per sandbox, and answered by GET /__sandbox/health: a port another server took since is not taken for the owner. */
  instance: string;
  /** Where it listens; absent while it starts. */
  url?: string;
  /** What a process that uses this sandbox sends as its admin token (the X-Sandbox-Owner-Token header): the file is its user's only (0600). */
  secret: string;
}

/** A live process may hold the file this long without answering (starting, closing, or hung) before opening it is given up. */
const UNRESPONSIVE_MS = 10_000;
const POLL_MS = 100;
const HEALTH_TIMEOUT_MS = 1_500;

const sideName = (file: string, kind: string) => `${file}.${process.pid}.${randomBytes(4).toString('hex')}.${kind}`;

/**
 * startSandbox's refusal: another live process serves the state file (use it: openSharedSandbox
 * does), or holds it without answering as its sandbox (`unresponsive`: it is left alone).
 */
export class StateFileInUse extends Error {
  /** Always `'StateFileInUseError'`. */
  override name = 'StateFileInUseError';
  /** Stable across versions (the package README's table of errors). */
  readonly code = 'ERR_SANDBOX_STATE_FILE_IN_USE';

  constructor(
    /** The state file asked for. */
    readonly stateFile: string,
    /** The process that serves it: its pid, role and (once it listens) url. */
    readonly owner: OwnerRecord,
    /** It has not answered as its sandbox for UNRESPONSIVE_MS (starting, closing or hung): there is nothing to use. */
    readonly unresponsive = false,
  ) {
    super(
      unresponsive
        ? `${stateFile} is held by pid ${owner.pid}, which has not answered as its sandbox for ${UNRESPONSIVE_MS / 1000} s; ` +
            'stop that process (or use another state file), then try again'
        : `${stateFile} is served by another process (pid ${owner.pid}) at ${owner.url}`,
    );
  }
}

/** The lock this process holds on a state file. */
export class OwnerLock {
  constructor(
    readonly file: string,
    readonly record: OwnerRecord,
  ) {}

  /** Says where the sandbox listens, so the others can use it: replaced only while the file is still ours. */
  async publish(url: string): Promise<void> {
    this.record.url = url;
    const next = sideName(this.file, 'new');
    await fsp.writeFile(next, JSON.stringify(this.record), { mode: 0o600 });
    if (await this.held()) await fsp.rename(next, this.file);
    else await fsp.rm(next, { force: true });
  }

  /** Whether the file still names this sandbox (another process may have taken it over). */
  async held(): Promise<boolean> {
    return (await readOwner(this.file))?.instance === this.record.instance;
  }

  async release(): Promise<void> {
    if (await this.held()) await fsp.rm(this.file, { force: true }).catch(() => undefined);
  }
}

/**
 * Takes the state file for this process, or throws StateFileInUse naming the live process that
 * serves it (once it answered at its url). Waits while the owner starts (no URL yet) or closes, up
 * to UNRESPONSIVE_MS; then throws StateFileInUse, `unresponsive`.
 */
export async function claimStateFile(stateFile: string, role: SandboxRole): Promise<OwnerLock> {
  const file = `${stateFile}.owner`;
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const mine: OwnerRecord = { pid: process.pid, role, instance: randomBytes(8).toString('hex'), secret: randomBytes(24).toString('hex') };
  let silent: { instance: string; since: number } | undefined;
  for (;;) {
    if (await create(file, mine)) return new OwnerLock(file, mine);
    const other = await readOwner(file);
    if (!other || !isRunning(other.pid)) {
      await removeStale(file, other);
      continue;
    }
    if (other.url && (await answers(other.url, other.instance))) throw new StateFileInUse(stateFile, other);
    if (silent?.instance !== other.instance) silent = { instance: other.instance, since: Date.now() };
    if (Date.now() - silent.since >= UNRESPONSIVE_MS) throw new StateFileInUse(stateFile, other, true);
    await sleep(POLL_MS);
  }
}

/** Whether the sandbox at `url` is the one with this instance id. */
async function answers(url: string, instance: string): Promise<boolean> {
  const health = await fetch(`${url}/__sandbox/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
    .then((response) => response.json() as Promise<{ data?: { instance?: unknown } } | null>)
    .catch(() => undefined);
  return health?.data?.instance === instance;
}

/** The owner the file names; undefined when there is none: no file, or one that holds no owner (a crash, or an editor). */
async function readOwner(file: string): Promise<OwnerRecord | undefined> {
  try {
    const record = JSON.parse(await fsp.readFile(file, 'utf8')) as OwnerRecord;
    return Number.isInteger(record.pid) && typeof record.instance === 'string' && typeof record.secret === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Makes the lock unless one exists (on every file system: no hard link needed): true when this call made it. */
const create = (file: string, record: OwnerRecord): Promise<boolean> =>
  fsp.writeFile(file, JSON.stringify(record), { mode: 0o600, flag: 'wx' }).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error)),
  );

/**
 * Removes the lock of a process that is gone (or one that holds no owner) so the next create can
 * take the file. Moved aside first, and put back if what was moved is not the lock judged stale
 * (another process took the file meanwhile).
 */
async function removeStale(file: string, stale: OwnerRecord | undefined): Promise<void> {
  const since = (await fsp.stat(file).catch(() => undefined))?.mtimeMs ?? 0;
  if (!stale && Date.now() - since < UNRESPONSIVE_MS) {
    // Maybe a create between its open and its write: given as long as an owner that does not answer.
    await sleep(POLL_MS);
    return;
  }
  const aside = sideName(file, 'stale');
  try {
    await fsp.rename(file, aside);
  } catch {
    return; // gone already: someone else removed it
  }
  if ((await readOwner(aside))?.instance !== stale?.instance) await fsp.link(aside, file).catch(() => undefined);
  await fsp.rm(aside, { force: true });
}
