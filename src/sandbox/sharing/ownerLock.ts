import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { isRunning } from '../persistence/store';
import type { SandboxRole } from '../types';

// One sandbox per state file. The process that serves a state file holds `<state>.owner` beside
// it, made by an exclusive create (a reader that finds it still empty waits: removeStale). Any other
// process that wants the same state (a second VS Code window, the MCP server) finds the owner
// there and uses its sandbox over HTTP (client/shared.ts) instead of loading and writing the file
// itself. A lock whose process is gone is removed, as is one that cannot be read: the file is
// free. A live owner is never taken over (no split brain by construction): one that does not
// answer for UNRESPONSIVE_MS is reported (StateFileInUse, `unresponsive`), and left alone.

/** What `<state>.owner` says. */
export interface OwnerRecord {
  pid: number;
  role: SandboxRole;
  /** Random per sandbox, and answered by GET /__sandbox/health: a port another server took since is not taken for the owner. */
  instance: string;
  /** Where it listens; absent while it starts. */
  url?: string;
  /**
   * Sent with every admin call of a process that uses this sandbox, where it counts as the admin
   * token: the file is readable by its user only (0600), as the state file is.
   */
  secret: string;
}

/** A live process may hold the file this long without answering (starting, closing, or hung) before opening it is given up. */
export const UNRESPONSIVE_MS = 10_000;
const POLL_MS = 100;
const HEALTH_TIMEOUT_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
    const current = await readOwner(this.file);
    return typeof current === 'object' && current.instance === this.record.instance;
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
  const [instance, secret] = [randomBytes(8).toString('hex'), randomBytes(24).toString('hex')];
  const mine: OwnerRecord = { pid: process.pid, role, instance, secret };
  let silent: { instance: string; since: number } | undefined;
  for (;;) {
    if (await create(file, mine)) return new OwnerLock(file, mine);
    const other = await readOwner(file);
    if (other === 'gone') continue;
    if (other === 'unreadable' || !isRunning(other.pid)) {
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
  try {
    const response = await fetch(`${url}/__sandbox/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    return ((await response.json()) as { data?: { instance?: unknown } }).data?.instance === instance;
  } catch {
    return false;
  }
}

/** 'gone' when there is no file; 'unreadable' when it holds no owner (a crash, or an editor). */
async function readOwner(file: string): Promise<OwnerRecord | 'gone' | 'unreadable'> {
  try {
    const record = JSON.parse(await fsp.readFile(file, 'utf8')) as OwnerRecord;
    return Number.isInteger(record.pid) && typeof record.instance === 'string' && typeof record.secret === 'string' ? record : 'unreadable';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

/** Makes the lock unless one exists (on every file system: no hard link needed): true when this call made it. */
async function create(file: string, record: OwnerRecord): Promise<boolean> {
  try {
    await fsp.writeFile(file, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes the lock of a process that is gone (or one that holds no owner) so the next create can
 * take the file. Moved aside first, and put back if what was moved is not the lock judged stale
 * (another process took the file meanwhile).
 */
async function removeStale(file: string, stale: OwnerRecord | 'unreadable'): Promise<void> {
  const since = (await fsp.stat(file).catch(() => undefined))?.mtimeMs ?? 0;
  if (stale === 'unreadable' && Date.now() - since < UNRESPONSIVE_MS) {
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
  const moved = await readOwner(aside);
  const same = stale === 'unreadable' ? typeof moved !== 'object' : typeof moved === 'object' && moved.instance === stale.instance;
  if (!same) await fsp.link(aside, file).catch(() => undefined);
  await fsp.rm(aside, { force: true });
}
