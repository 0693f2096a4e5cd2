import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { Changes } from '../domain/changes';
import { appendLogLine } from './appendLog';
import { SandboxState } from '../domain/state';
import { ApiError, cannotSave } from '../vocabulary/errors';
import { appendLogFile, sweepOrphans, temporaryFile, writerName } from './store';

const WRITE_DELAY_MS = 25;
/** The append log is folded into a new checkpoint once it is this long, or longer than the checkpoint. */
const COMPACT_AT_BYTES = 4 * 1024 * 1024;

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Writes the state file after changes, coalescing bursts into one write. A checkpoint of the whole
 * state goes to a temporary file in the same directory, is fsynced, then renamed over the target,
 * so a crash leaves either the old file or the new one, never half of one. Money changes alone
 * are appended to the append log beside it (one line per write, fsynced) until the log is long
 * enough to fold into a new checkpoint.
 *
 * A write that fails (disk full, a path that is a directory, a value JSON cannot write, the file
 * taken over by another process) undoes every money change it did not save and answers each
 * caller waiting with a 503 (errors.ts cannotSave). Until a write succeeds again, the writer
 * writes only when asked to (commit: the next money call retries) instead of every change.
 */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> | undefined;
  /** Callers of commit() waiting for the next write to finish. */
  private waiters: Waiter[] = [];
  /** This writer's name: a checkpoint names it, and its append log's file name carries it. */
  private readonly writer = writerName(process.pid);
  private seq = 0;
  private appendLog: FileHandle | undefined;
  private appendLogBytes = 0;
  private checkpointBytes = 0;

  private lost = false;
  /** Why the last write failed (mirrored on the state, where money calls look); undefined once one succeeds. */
  private failure: ApiError | undefined;

  /** `owns` says whether this process still serves the file (another takes over one that stopped answering). */
  constructor(
    private readonly file: string,
    private state: SandboxState,
    private readonly log: (line: string) => void,
    private readonly owns: () => Promise<boolean> = () => Promise.resolve(true),
  ) {
    state.persisted = true;
  }

  /** Writes `state` from now on (a reset's new world): its first write is a whole checkpoint. */
  adopt(state: SandboxState): void {
    this.state = state;
    state.persisted = true;
    state.saveFailure = this.failure;
    state.checkpointNeeded();
    this.schedule();
  }

  schedule(): void {
    this.dirty = true;
    // While saving fails, a write is tried when a caller asks (commit), not after every change.
    if (!this.timer && !this.writing && !this.failure) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.writeLoop();
      }, WRITE_DELAY_MS);
    }
  }

  /**
   * Resolves once a write that began after this call has finished (fsynced), so every change
   * made before it is on disk. Concurrent callers share one write. Rejects with a 503 ApiError
   * when that write fails; the money changes it held are undone by then.
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

  /** On close: everything in the checkpoint, and no append log left beside it. */
  async close(): Promise<void> {
    await this.flush();
    const appendLog = this.appendLog;
    if (!appendLog) {
      return;
    }
    const failure = this.appendLogBytes > 0 && !this.lost ? await this.writeCheckpoint() : undefined;
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
          await this.writeOnce();
        }
      })().finally(() => {
        this.writing = undefined;
        // A caller that came after the loop's last look (its continuation runs before this) is not left waiting.
        if (this.waiters.length > 0) void this.writeLoop();
        else if (this.dirty) this.schedule();
      });
    }
    return this.writing;
  }

  private async writeOnce(): Promise<void> {
    // Asked before the changes are taken: a line must hold the values of the moment they were
    // taken (a transfer made while this waits belongs to the next line, balance and record).
    const owned = !this.lost && (await this.owns());
    // Taken in one step with the changes: each waiter's changes are in this write, none in another.
    const waiters = this.waiters;
    this.waiters = [];
    const changes = this.state.takeChanges();
    const error = !owned ? this.lose() : changes.empty ? undefined : await this.save(changes);
    if (error) {
      this.failed(error, changes, waiters);
      return;
    }
    if (this.failure) this.log(`Wallet sandbox: ${this.file} is saved again; money moves again.`);
    this.failure = this.state.saveFailure = undefined;
    // After-save steps (webhooks) first: a caller that hears success finds them done.
    for (const step of changes.afterSave) step();
    for (const waiter of waiters) waiter.resolve();
  }

  /** Another process serves the file now: two writers would lose each other's changes, so this one stops. */
  private lose(): Error {
    if (!this.lost) this.log(`Wallet sandbox: another process serves ${this.file} now; this sandbox's changes are no longer saved.`);
    this.lost = true;
    return new Error('another process serves it now');
  }

  /**
   * Memory goes back to what the file holds: the money changes of this write and every one made
   * since are undone (those made since may build on them), and everyone waiting for them hears
   * why. The next write is a whole checkpoint.
   */
  private failed(error: Error, changes: Changes, waiters: Waiter[]): void {
    this.failure = this.state.saveFailure = cannotSave(this.file, error.message);
    this.state.undoUnsaved(changes, (undoError) =>
      this.log(`Wallet sandbox: could not undo a change: ${(undoError as Error)?.stack ?? String(undoError)}`),
    );
    this.dirty = false;
    const all = [...waiters, ...this.waiters];
    this.waiters = [];
    for (const waiter of all) waiter.reject(this.failure);
  }

  /** Undefined on success; the error (already logged) otherwise. */
  private async save(changes: Changes): Promise<Error | undefined> {
    const appendLog = this.appendLog;
    const compact = this.appendLogBytes >= Math.max(COMPACT_AT_BYTES, this.checkpointBytes);
    return changes.checkpoint || !appendLog || compact ? await this.writeCheckpoint() : await this.append(appendLog, changes);
  }

  private async append(appendLog: FileHandle, changes: Changes): Promise<Error | undefined> {
    try {
      const text = `${JSON.stringify(appendLogLine(this.state, changes, this.writer, ++this.seq))}\n`;
      // At the end of what is saved, by position: after a checkpoint truncated the log, a write at
      // the handle's old position would leave a gap of zero bytes that spoils the next line.
      const { bytesWritten } = await appendLog.write(text, this.appendLogBytes, 'utf8');
      await appendLog.datasync();
      this.appendLogBytes += bytesWritten;
      return undefined;
    } catch (error) {
      // The line's changes are undone: it must not be replayed at the next start either.
      await appendLog.truncate(this.appendLogBytes).catch(() => undefined);
      this.log(`Wallet sandbox: could not save ${appendLogFile(this.file, this.writer)}: ${(error as Error).message}`);
      return error as Error;
    }
  }

  private async writeCheckpoint(): Promise<Error | undefined> {
    const tmp = temporaryFile(this.file, this.writer);
    try {
      await fsp.mkdir(path.dirname(this.file), { recursive: true });
      // Every append-log line written so far is in this checkpoint.
      const text = JSON.stringify({ ...this.state.toJSON(), journal: { writer: this.writer, seq: this.seq } });
      const handle = await fsp.open(tmp, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, this.file);
      this.checkpointBytes = text.length;
    } catch (error) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      this.log(`Wallet sandbox: could not save ${this.file}: ${(error as Error).message}`);
      return error as Error;
    }
    // Saved: what follows cannot undo that (the changes are in the file, so they are not undone).
    await this.restartAppendLog().catch((error: unknown) =>
      this.log(`Wallet sandbox: could not empty ${appendLogFile(this.file, this.writer)}: ${(error as Error).message}`),
    );
    return undefined;
  }

  /**
   * The checkpoint holds every line: the append log starts again. If this fails nothing is lost,
   * since a line is only replayed over a checkpoint that does not hold it yet (its seq is later).
   */
  private async restartAppendLog(): Promise<void> {
    if (this.appendLog) {
      await this.appendLog.truncate(0);
    } else {
      this.appendLog = await fsp.open(appendLogFile(this.file, this.writer), 'w', 0o600);
      // The append logs (`.journal` files) of earlier processes are in this checkpoint now (or were never read).
      await sweepOrphans(this.file, ['journal']);
    }
    this.appendLogBytes = 0;
  }
}
