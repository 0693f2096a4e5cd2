// The check that a host run left no error from this extension in VS Code's own logs: the
// extension host's log files in the server's data folder, and the workbench's console lines
// the launcher receives. scripts/host/run-tests.mjs runs it once the server has stopped, so
// errors logged at shutdown count too. Plain Node (no `vscode`): it runs in the launcher.
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * How VS Code's logs name this extension: its ids (walletConsole.*), its extension id (in an
 * installed extension's folder name) and its document scheme. Not the bare "wallet-console":
 * the VS Code server itself is cached in ~/.cache/wallet-console, so every stack VS Code logs
 * for any extension would match it.
 */
const NAMES_THE_EXTENSION = /walletConsole|wallet-console\.wallet-console|wallet-console-record:/i;

/** A line from this extension: it names it, or a stack frame runs in its own folder (the development path). */
function namesTheExtension(line: string, extensionPath: string | undefined): boolean {
  return NAMES_THE_EXTENSION.test(line) || (extensionPath !== undefined && line.includes(path.join(extensionPath, 'dist') + path.sep));
}

/** A log file entry starts with its time, then its level: `2026-11-22 16:01:02.345 [error] …`. */
const ENTRY_START = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d+)? \[(\w+)\]/;

/**
 * VS Code's own line when the host closes under a tree view redraw it had scheduled (its 200 ms
 * debounce, then a call to the workbench that the closing cancels). It is not the extension's
 * error, and it can only come from the host closing: a Canceled reply means the connection to
 * the workbench was disposed. So it counts only when logged before the suite ended.
 */
const CANCELLED_REDRAW = /\[error\] Unable to refresh tree view walletConsole\.\w+: Canceled$/;

/** The entry's time (the host logs local time, as this process reads it: same machine, same TZ). */
function entryTime(line: string): number {
  const stamp = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)/.exec(line);
  return stamp ? new Date(`${stamp[1]}T${stamp[2]}`).getTime() : Number.NaN;
}

/** A redraw the closing host cancelled: logged at or after `endedAt` (ms since the epoch). */
function cancelledAtClose(lines: string[], endedAt: number | undefined): boolean {
  return endedAt !== undefined && lines.length === 1 && CANCELLED_REDRAW.test(lines[0]!) && entryTime(lines[0]!) >= endedAt;
}

/** The extension host's log files (one per host process) anywhere under the server's data folder. */
export function hostLogFiles(serverDataDir: string): string[] {
  if (!fs.existsSync(serverDataDir)) return [];
  return fs
    .readdirSync(serverDataDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /^(remote)?exthost\.log$/.test(path.basename(file)))
    .map((file) => path.join(serverDataDir, file))
    .sort();
}

/**
 * The error entries of a log file that name this extension, each with its continuation lines
 * (a stack), so a report shows the whole error. With `endedAt` (when the suite ended, by the
 * host's clock), a redraw the closing host cancelled is left out (CANCELLED_REDRAW).
 */
export function extensionErrorsInLog(text: string, extensionPath?: string, endedAt?: number): string[] {
  const entries: { level: string; lines: string[] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const start = ENTRY_START.exec(line);
    if (start) entries.push({ level: start[1]!.toLowerCase(), lines: [line] });
    else if (line.trim()) entries.at(-1)?.lines.push(line);
  }
  return entries
    .filter((entry) => entry.level === 'error' && entry.lines.some((line) => namesTheExtension(line, extensionPath)))
    .filter((entry) => !cancelledAtClose(entry.lines, endedAt))
    .map((entry) => entry.lines.join('\n'));
}

/** The console lines at error level (as the launcher received them) that name this extension. */
export function extensionErrorsInConsole(lines: { type: string; text: string }[], extensionPath?: string): string[] {
  return lines.filter((line) => line.type === 'error' && namesTheExtension(line.text, extensionPath)).map((line) => line.text);
}

/** Everything a run left: the errors naming this extension in the host's log files and the console. */
export function extensionErrors(
  serverDataDir: string,
  consoleLines: { type: string; text: string }[],
  extensionPath?: string,
  endedAt?: number,
): string[] {
  const fromFiles = hostLogFiles(serverDataDir).flatMap((file) =>
    extensionErrorsInLog(fs.readFileSync(file, 'utf8'), extensionPath, endedAt).map(
      (entry) => `${path.relative(serverDataDir, file)}: ${entry}`,
    ),
  );
  return [...fromFiles, ...extensionErrorsInConsole(consoleLines, extensionPath).map((text) => `console: ${text}`)];
}
