import type { ChildProcess } from 'node:child_process';
import { whenOutput } from './childOutput';

// What a spawned `wallet-sandbox` (the package's CLI through npx, the repository's CLI, or a
// program that passes the CLI's output on) says when it is ready: read from its output as it
// comes, one reader for every test that starts one.

/** The ready line of `wallet-sandbox --json`: the fields the tests read. */
export interface CliReady {
  url: string;
  port: number;
  pid: number;
  apps: { name: string; sandboxKey: string }[];
  wallets: { mobile: string; passcode?: string }[];
}

/**
 * The first match of `pattern` in the child's stdout, read from now on (call it right after
 * spawning). Rejects, with what stdout and stderr said, when the output ends first.
 */
export function outputMatch(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error("the child's stdout is not a pipe: spawn it with stdio 'pipe'"));
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return whenOutput(
    stdout,
    () => pattern.exec(out) ?? undefined,
    () => `the output ended before ${pattern}; stdout: ${out || '(nothing)'}${err ? ` stderr: ${err}` : ''}`,
  );
}

/** The first line the child writes on stdout. */
export async function firstLine(child: ChildProcess): Promise<string> {
  return (await outputMatch(child, /^(.*)\n/))[1] ?? '';
}

/** The first line of `wallet-sandbox --json` (or a program passing it on), parsed. */
export async function readyLine<T = CliReady>(child: ChildProcess): Promise<T> {
  return JSON.parse(await firstLine(child)) as T;
}

/** The URL of the CLI's "listening on …" line (the CLI without --json). */
export async function listeningUrl(child: ChildProcess): Promise<string> {
  return (await outputMatch(child, /listening on (http:\/\/\S+)/))[1] ?? '';
}
