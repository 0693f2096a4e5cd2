import { startSandbox } from './index';
import type { Sandbox, SandboxOptions } from './types';

// `npm run sandbox -- --port 4010`: the sandbox as a standalone process. The entry that runs it is
// src/cli/sandbox.ts (dist/sandbox.js), which also composes the MCP server when asked.

export const USAGE = `Usage: npm run sandbox -- [options]

Runs the local wallet-payment API sandbox (console and developer APIs on one origin).

Options:
  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <h>             address to bind (default 127.0.0.1)
  --allow-remote         allow a --host that is not loopback (the sandbox speaks plain HTTP)
  --data <file.json>     keep state in this file (default: in memory only); --data-file is the same
  --token-lifetime <s>   wallet access token lifetime in seconds (default 86400)
  --latency <ms>         delay added to every API request (default 0)
  --seed <n>             seed for generated data
  -h, --help             show this help`;

export interface CliConfig {
  options: SandboxOptions;
  latencyMs: number;
  allowRemote: boolean;
}

export class UsageError extends Error {}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} needs a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Parses argv (without node and script). Returns 'help' for --help. Throws UsageError. */
export function parseArgs(argv: string[]): CliConfig | 'help' {
  const config: CliConfig = { options: { port: 4010 }, latencyMs: 0, allowRemote: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') {
        throw new UsageError(`${flag} needs a value`);
      }
      return next;
    };
    switch (flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--port':
        config.options.port = wholeNumber(flag, value(), 0, 65535);
        break;
      case '--host':
        config.options.host = value();
        break;
      case '--allow-remote':
        config.allowRemote = true;
        break;
      case '--data':
      case '--data-file':
        config.options.dataFile = value();
        break;
      case '--token-lifetime':
        config.options.tokenLifetimeSeconds = wholeNumber(flag, value(), 1, 10 * 365 * 86400);
        break;
      case '--latency':
        config.latencyMs = wholeNumber(flag, value(), 0, 600_000);
        break;
      case '--seed':
        config.options.seed = wholeNumber(flag, value(), 0, 2 ** 32 - 1);
        break;
      default:
        throw new UsageError(`Unknown option "${arg}"`);
    }
  }
  const host = config.options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !config.allowRemote) {
    throw new UsageError(`Refusing to listen on ${host}: it is reachable from other machines. Add --allow-remote if you mean it.`);
  }
  return config;
}

/** Where the CLI writes: the banner goes to stderr when stdout is taken (MCP over stdio). */
export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CONSOLE: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * Parses argv, starts the sandbox, prints the banner and stops it on SIGINT/SIGTERM. Answers
 * with the sandbox, or undefined after --help. Exits with 2 on a usage error.
 */
export async function runCli(argv: string[], output: CliOutput = CONSOLE, usage = USAGE): Promise<Sandbox | undefined> {
  let config: CliConfig | 'help';
  try {
    config = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`wallet sandbox: ${error.message}\nRun with --help for the options.`);
      process.exit(2);
    }
    throw error;
  }
  if (config === 'help') {
    output.out(usage);
    return undefined;
  }
  if (config.allowRemote && !isLoopback(config.options.host ?? '127.0.0.1')) {
    output.err('Warning: the sandbox speaks plain HTTP and has no real security; anyone who can reach this address can use it.');
  }
  const sandbox = await startSandbox(config.options);
  sandbox.knobs.latencyMs = config.latencyMs;
  output.out(`Wallet sandbox listening on ${sandbox.url}`);
  output.out(`Demo wallets 2348000000000 and 2349090000000; admin at ${sandbox.url}/__sandbox/health. Ctrl-C stops.`);
  output.out(`OpenAPI document (Postman, Thunder Client, generators): ${sandbox.url}/__sandbox/openapi.json`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      return;
    }
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        output.err(`wallet sandbox: error while stopping: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return sandbox;
}

/** What the CLI says when it cannot start. */
export function startFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EADDRINUSE'
    ? 'wallet sandbox: that port is already in use; pick another with --port'
    : `wallet sandbox: ${(error as Error).message ?? String(error)}`;
}
