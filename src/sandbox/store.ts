import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { SandboxState } from './state';

const WRITE_DELAY_MS = 25;

/**
 * Loads the state file at start. A missing file means a fresh start; an unreadable one is moved
 * aside to `<file>.corrupt` (so nothing is lost) and the sandbox starts fresh too.
 */
export async function loadState(file: string, seed: number | undefined, nowMs: number, log: (line: string) => void): Promise<SandboxState> {
  await sweepOrphanedWrites(file);
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      log(`Wallet sandbox: cannot read ${file} (${(error as Error).message}); starting with fresh state.`);
    }
    return SandboxState.fresh(seed, nowMs);
  }
  try {
    return SandboxState.hydrate(JSON.parse(text), nowMs);
  } catch (error) {
    const backup = `${file}.corrupt`;
    await fsp.rename(file, backup).catch(() => undefined);
    log(`Wallet sandbox: ${file} is not a valid state file (${(error as Error).message}); kept it as ${backup} and started fresh.`);
    return SandboxState.fresh(seed, nowMs);
  }
}

/** `.<file>.<pid>.<hex>.tmp`: where StateWriter writes before the rename. */
function temporaryName(file: string, pid: number): string {
  return `.${path.basename(file)}.${pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/**
 * Deletes temporary files left by a writer that was killed mid-write. Only those of processes
 * that are gone: another window's sandbox may be writing the same file right now.
 */
async function sweepOrphanedWrites(file: string): Promise<void> {
  const prefix = `.${path.basename(file)}.`;
  const names = await fsp.readdir(path.dirname(file)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid !== undefined && !isRunning(Number(pid))) {
      await fsp.rm(path.join(path.dirname(file), name), { force: true }).catch(() => undefined);
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Writes the state file after changes, coalescing bursts into one write. Each write goes to a
 * temporary file in the same directory, is fsynced, then renamed over the target, so a crash
 * leaves either the old file or the new one, never half of one.
 */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> | undefined;
  /** Callers of commit() waiting for the next write to finish. */
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(
    private readonly file: string,
    private readonly state: SandboxState,
    private readonly log: (line: string) => void,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (!this.timer && !this.writing) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.writeLoop();
      }, WRITE_DELAY_MS);
    }
  }

  /**
   * Resolves once a write that began after this call has finished (fsynced and renamed), so
   * every change made before it is on disk. Concurrent callers share one write.
   */
  commit(): Promise<void> {
    this.dirty = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    void this.writeLoop();
    return done;
  }

  /** Writes any pending change now and waits for it. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.writing) {
      await this.writing;
    }
    if (this.dirty) {
      await this.writeLoop();
    }
  }

  private writeLoop(): Promise<void> {
    if (!this.writing) {
      this.writing = (async () => {
        while (this.dirty) {
          this.dirty = false;
          const batch = this.waiters;
          this.waiters = [];
          const failure = await this.writeOnce();
          for (const waiter of batch) {
            if (failure) {
              waiter.reject(failure);
            } else {
              waiter.resolve();
            }
          }
        }
      })().finally(() => {
        this.writing = undefined;
      });
    }
    return this.writing;
  }

  /** Undefined on success; the error (already logged) otherwise. */
  private async writeOnce(): Promise<Error | undefined> {
    const dir = path.dirname(this.file);
    const tmp = path.join(dir, temporaryName(this.file, process.pid));
    try {
      await fsp.mkdir(dir, { recursive: true });
      const handle = await fsp.open(tmp, 'w', 0o600);
      try {
        await handle.writeFile(JSON.stringify(this.state));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, this.file);
      return undefined;
    } catch (error) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      this.log(`Wallet sandbox: could not save ${this.file}: ${(error as Error).message}`);
      return error as Error;
    }
  }
}
