import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { Changes } from './changes';
import { appendLogLine } from './appendLog';
import { SandboxState } from '../domain/state';
import { appendLogFile, sweepOrphans, temporaryFile, writerName } from './store';

const WRITE_DELAY_MS = 25;
/** The append log is folded into a new snapshot once it is this long, or longer than the snapshot. */
const COMPACT_AT_BYTES = 4 * 1024 * 1024;

/**
 * Writes the state file after changes, coalescing bursts into one write. A snapshot of the whole
 * state goes to a temporary file in the same directory, is fsynced, then renamed over the target,
 * so a crash leaves either the old file or the new one, never half of one. Money changes alone
 * are appended to the append log beside it (one line per write, fsynced) until the log is long
 * enough to fold into a new snapshot.
 */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> | undefined;
  /** Callers of commit() waiting for the next write to finish. */
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** This writer's name: a snapshot names it, and its append log's file name carries it. */
  private readonly writer = writerName(process.pid);
  private seq = 0;
  private appendLog: FileHandle | undefined;
  private appendLogBytes = 0;
  private snapshotBytes = 0;

  private lost = false;

  /** `owns` says whether this process still serves the file (another takes over one that stopped answering). */
  constructor(
    private readonly file: string,
    private state: SandboxState,
    private readonly log: (line: string) => void,
    private readonly owns: () => Promise<boolean> = () => Promise.resolve(true),
  ) {}

  /** Writes `state` from now on (a reset's new world): its first write is a whole snapshot. */
  adopt(state: SandboxState): void {
    this.state = state;
    state.snapshotNeeded();
    this.schedule();
  }

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
   * Resolves once a write that began after this call has finished (fsynced), so every change
   * made before it is on disk. Concurrent callers share one write.
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

  /** On close: everything in the snapshot, and no append log left beside it. */
  async close(): Promise<void> {
    await this.flush();
    const appendLog = this.appendLog;
    if (!appendLog) {
      return;
    }
    const failure = this.appendLogBytes > 0 && !this.lost ? await this.writeSnapshot() : undefined;
    this.appendLog = undefined;
    await appendLog.close().catch(() => undefined);
    if (!failure && !this.lost) {
      await fsp.rm(appendLogFile(this.file, this.writer), { force: true }).catch(() => undefined);
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
    // Asked before the changes are taken: a line must hold the values of the moment they were
    // taken (a transfer made while this waits belongs to the next line, balance and record).
    if (this.lost || !(await this.owns())) {
      // Two writers would lose each other's changes: this one stops (its answers say so).
      if (!this.lost) this.log(`Wallet sandbox: another process serves ${this.file} now; this sandbox's changes are no longer saved.`);
      this.lost = true;
      this.state.takeChanges();
      return new Error(`Another process serves ${this.file} now`);
    }
    const changes = this.state.takeChanges();
    if (changes.empty) {
      return undefined;
    }
    const appendLog = this.appendLog;
    const compact = this.appendLogBytes >= Math.max(COMPACT_AT_BYTES, this.snapshotBytes);
    const failure = changes.snapshot || !appendLog || compact ? await this.writeSnapshot() : await this.append(appendLog, changes);
    if (failure) {
      // What was taken may not be on disk (or half of a line may be): the next write, whenever
      // it comes, is a whole snapshot, which also empties the append log.
      this.state.snapshotNeeded();
    }
    return failure;
  }

  private async append(appendLog: FileHandle, changes: Changes): Promise<Error | undefined> {
    const text = `${JSON.stringify(appendLogLine(this.state, changes, this.writer, ++this.seq))}\n`;
    try {
      await appendLog.write(text);
      await appendLog.datasync();
      this.appendLogBytes += text.length;
      return undefined;
    } catch (error) {
      this.log(`Wallet sandbox: could not save ${appendLogFile(this.file, this.writer)}: ${(error as Error).message}`);
      return error as Error;
    }
  }

  private async writeSnapshot(): Promise<Error | undefined> {
    const tmp = temporaryFile(this.file, this.writer);
    try {
      await fsp.mkdir(path.dirname(this.file), { recursive: true });
      // Every append-log line written so far is in this snapshot.
      const text = JSON.stringify({ ...this.state.toJSON(), journal: { writer: this.writer, seq: this.seq } });
      const handle = await fsp.open(tmp, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, this.file);
      this.snapshotBytes = text.length;
      if (this.appendLog) {
        await this.appendLog.truncate(0);
      } else {
        this.appendLog = await fsp.open(appendLogFile(this.file, this.writer), 'w', 0o600);
        // The append logs (`.journal` files) of earlier processes are in this snapshot now (or were never read).
        await sweepOrphans(this.file, ['journal']);
      }
      this.appendLogBytes = 0;
      return undefined;
    } catch (error) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      this.log(`Wallet sandbox: could not save ${this.file}: ${(error as Error).message}`);
      return error as Error;
    }
  }
}
