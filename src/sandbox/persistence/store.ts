import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { linesAfter, replayLine } from './appendLog';
import { PersistedState, SandboxState } from '../domain/state';
import { invalid } from '../errors';

// The state file on disk: loading it (the checkpoint, then its writer's append log), and the names
// of the files a writer keeps beside it.

/** A writer's name: its pid and a random part, e.g. `4242.9f3a0c1d`. */
export function writerName(pid: number): string {
  return `${pid}.${randomBytes(4).toString('hex')}`;
}

const WRITER = /^(\d+)\.[0-9a-f]{8}$/;

/** `.<file>.<writer>.journal`: where one writer appends money changes between checkpoints. */
export function appendLogFile(file: string, writer: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${writer}.journal`);
}

/** `.<file>.<writer>.tmp`: where a writer writes a checkpoint before the rename. */
export function temporaryFile(file: string, writer: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${writer}.tmp`);
}

/**
 * Refuses a state file that is there but is not a regular file: a device (`--data /dev/null`), a
 * directory or a pipe would be read as corrupt, moved aside and replaced by a file (as root,
 * /dev/null itself).
 */
export async function checkStateFilePath(file: string): Promise<void> {
  const found = await fsp.stat(file).catch(() => undefined);
  if (found && !found.isFile()) {
    throw invalid(
      `the state file ${file} is not a regular file (a device, a directory or a pipe): give the path of a JSON file, ` +
        'or leave it out to keep the world in memory',
    );
  }
}

/**
 * Loads the state file at start. A missing file means a fresh start; an unreadable one is moved
 * aside to `<file>.corrupt` (so nothing is lost) and the sandbox starts fresh too. `fresh` makes a
 * new state (seeded, or from the scenario).
 */
export async function loadState(
  file: string,
  fresh: () => Promise<SandboxState>,
  nowMs: number,
  log: (line: string) => void,
): Promise<SandboxState> {
  await sweepOrphans(file, ['tmp']);
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      log(`Wallet sandbox: cannot read ${file} (${(error as Error).message}); starting with fresh state.`);
    }
    return fresh();
  }
  let state: SandboxState;
  let saved: PersistedState;
  try {
    saved = JSON.parse(text) as PersistedState;
    state = SandboxState.hydrate(saved, nowMs);
  } catch (error) {
    const backup = `${file}.corrupt`;
    await fsp.rename(file, backup).catch(() => undefined);
    log(`Wallet sandbox: ${file} is not a valid state file (${(error as Error).message}); kept it as ${backup} and started fresh.`);
    return fresh();
  }
  await replayAppendLog(file, state, saved, log);
  return state;
}

/** Applies the lines the checkpoint's writer appended after it. */
async function replayAppendLog(file: string, state: SandboxState, saved: PersistedState, log: (line: string) => void): Promise<void> {
  const writer = saved.journal?.writer;
  if (typeof writer !== 'string' || !WRITER.test(writer)) {
    return;
  }
  const logFile = appendLogFile(file, writer);
  const text = await fsp.readFile(logFile, 'utf8').catch(() => '');
  try {
    for (const line of linesAfter(text, writer, Number(saved.journal?.seq) || 0)) {
      replayLine(state, line);
    }
  } catch (error) {
    log(`Wallet sandbox: ${logFile} has a line that does not apply (${(error as Error).message}); the rest was skipped.`);
  }
}

/**
 * Deletes the files of writers that are gone: temporary files of a write killed half-way, and
 * (once a new checkpoint holds what they said) old append logs. Never those of a running process:
 * another window's sandbox may be writing the same file right now.
 */
export async function sweepOrphans(file: string, kinds: ('tmp' | 'journal')[]): Promise<void> {
  const prefix = `.${path.basename(file)}.`;
  const names = await fsp.readdir(path.dirname(file)).catch(() => [] as string[]);
  for (const name of names) {
    const [writer, kind] = name.startsWith(prefix) ? name.slice(prefix.length).split(/\.(?=[a-z]+$)/) : [];
    const pid = writer && kinds.includes(kind as 'tmp') ? WRITER.exec(writer)?.[1] : undefined;
    if (pid !== undefined && !isRunning(Number(pid))) {
      await fsp.rm(path.join(path.dirname(file), name), { force: true }).catch(() => undefined);
    }
  }
}

/** Whether a process with this pid runs (as any user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
