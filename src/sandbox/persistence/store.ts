import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { linesAfter, replayLine } from './appendLog';
import { PersistedState, SandboxState } from '../domain/state';
import { invalid } from '../vocabulary/errors';

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
 * aside (keepCorrupt: `<file>.corrupt`, or the next free `<file>.<n>.corrupt`, so nothing is lost)
 * and the sandbox starts fresh too; one that cannot be moved aside stops the start, since a
 * fresh state would be written over it. `fresh` makes a new state (seeded, or from the scenario).
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
    const backup = await keepCorrupt(file).catch((failure: Error) => {
      throw invalid(
        `the state file ${file} is not a valid state file (${whyCorrupt(error)}) and could not be moved aside ` +
          `(${failure.message}): move it yourself, or give another state file`,
      );
    });
    log(`Wallet sandbox: ${file} is not a valid state file (${whyCorrupt(error)}); kept it as ${backup} and started fresh.`);
    return fresh();
  }
  await replayAppendLog(file, state, saved, log);
  return state;
}

/** Why the text is no state: JSON.parse's message quotes the text around the fault, which may hold a secret of the file, so only where. */
function whyCorrupt(error: unknown): string {
  if (!(error instanceof SyntaxError)) return (error as Error).message;
  const at = /at position \d+/.exec(error.message)?.[0];
  return at ? `not JSON ${at}` : 'not JSON';
}

/** How many corrupt files are kept beside a state file at most: past that, the start stops instead. */
const MAX_CORRUPT_KEPT = 1000;

/** Where the `index`th corrupt state file is kept: `<file>.corrupt`, then `<file>.1.corrupt`, `<file>.2.corrupt`… */
function corruptFileName(file: string, index: number): string {
  return index === 0 ? `${file}.corrupt` : `${file}.${index}.corrupt`;
}

/**
 * Moves an unreadable state file aside to the first free corrupt name (corruptFileName), never
 * over one kept before: the new name is made by a hard link (or, where the file system has none, a
 * copy) that fails when the name is taken, so a process doing the same cannot overwrite it
 * either. Answers the name; rejects when the file could not be kept.
 */
async function keepCorrupt(file: string): Promise<string> {
  for (let index = 0; index < MAX_CORRUPT_KEPT; index++) {
    const backup = corruptFileName(file, index);
    try {
      await fsp.link(file, backup).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST' || error.code === 'ENOENT') throw error;
        return fsp.copyFile(file, backup, fsConstants.COPYFILE_EXCL);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    // Kept: the state file itself goes (a fresh one is written in its place).
    await fsp.rm(file, { force: true }).catch(() => undefined);
    return backup;
  }
  throw new Error(`${MAX_CORRUPT_KEPT} corrupt files are kept beside it already`);
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
