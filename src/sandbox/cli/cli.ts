import { type ChildProcess, spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { endWithLauncher, launchChain } from './cliParent';
import { runCheckWebhook } from './checkWebhookCli';
import type { SandboxClient } from '../client/sandboxClient';
import { StateFileInUse } from '../sharing/ownerLock';
import { SandboxPortInUseError } from '../vocabulary/errors';
import { KNOB_LIMITS, NAMESPACE_LIMITS } from '../domain/inputs';
import type { SharedSandboxOptions } from '../client/shared';
import { adminTokenRefusal, isLoopback, remoteHostRefusal, startSandbox } from '../owner/start';
import type { ScenarioFile } from '../scenario/scenarioFile';
import { applyFindingsFlag, concludeFindings, FINDINGS_USAGE, runFindings, type FindingsCliConfig } from './cliFindings';
import type { Finding } from '../findings/finding';
import type { LoadedScenario, Sandbox, SandboxOptions, SandboxRole } from '../types';

// `npm run sandbox -- --port 4010`: the sandbox as a standalone process. The entry that runs it is
// src/sandboxCli.ts (dist/sandbox.js), which also composes the MCP server when asked.

export const USAGE = `Usage: npm run sandbox -- [options]

Runs the local wallet-payment API sandbox (console and developer APIs on one origin).

Options:
  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <h>             address to bind (default 127.0.0.1)
  --allow-remote         allow a --host that is not loopback (the sandbox speaks plain HTTP); the
                         admin API (/__sandbox/*) then asks for the admin token it prints
  --admin-token <t>      with --allow-remote: that admin token (16+ characters) instead of a new one
  --data <file.json>     keep state in this file (default: in memory only); --data-file is the same.
                         One sandbox serves a file: while another process serves it, this one
                         says where and stops
  --token-lifetime <s>   wallet access token lifetime in seconds (default 86400)
  --latency <ms>         delay added to every API request (default 0)
  --seed <n>             seed for generated data
  --frozen-clock         the virtual clock moves only when advanced (POST /__sandbox/clock/advance),
                         never with real time; overrides the scenario's clock.frozen
  --scenario <file>      start in the world this scenario file declares (wallet-sandbox.json;
                         docs/scenarios.md); with --data, only when the state file is new
  --max-namespaces <n>   how many namespaces it holds at once (default 100; 0 to 10000)
  --json                 print one JSON line when ready ({ url, port, apps, wallets, ... }) and
                         nothing else on stdout; everything else goes to stderr
  -- <command> [args]    run the command once the sandbox serves, with WALLET_BASE_URL and
                         WALLET_APP_KEY (the first app's sandbox key) in its environment; stop
                         the sandbox when it ends and exit with its status (a CI step, a script)
${FINDINGS_USAGE}
  -h, --help             show this help

It ends when the process that started it ends (npx, npm run and their launcher included).`;

export interface CliConfig {
  options: SandboxOptions;
  /** --latency, when given: it overrides the scenario's. */
  latencyMs?: number;
  allowRemote: boolean;
  json: boolean;
  /** What follows `--`: a command to run against the sandbox, which stops when it ends. */
  command?: string[];
  /** --fail-on-findings, --findings-baseline, --findings-format: what the run's findings do when it stops (cliFindings.ts). */
  findings: FindingsCliConfig;
}

export class UsageError extends Error {}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} needs a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

export { isLoopback } from '../owner/start';

/** Parses argv (without node and script). Returns 'help' for --help. Throws UsageError. */
/** Applies one flag of the command line to `config`; `value()` takes the flag's value. */
function applyFlag(config: CliConfig, flag: string, arg: string, value: () => string): 'help' | undefined {
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
      config.options.allowRemote = true;
      break;
    case '--admin-token':
      config.options.adminToken = value();
      break;
    case '--data':
    case '--data-file':
      config.options.dataFile = value();
      break;
    case '--token-lifetime':
      config.options.tokenLifetimeSeconds = wholeNumber(flag, value(), ...KNOB_LIMITS.tokenLifetimeSeconds);
      break;
    case '--latency':
      config.latencyMs = wholeNumber(flag, value(), ...KNOB_LIMITS.latencyMs);
      break;
    case '--seed':
      config.options.seed = wholeNumber(flag, value(), 0, 2 ** 32 - 1);
      break;
    case '--scenario':
      config.options.scenario = value();
      break;
    case '--frozen-clock':
      config.options.clock = { frozen: true };
      break;
    case '--max-namespaces':
      config.options.maxNamespaces = wholeNumber(flag, value(), ...NAMESPACE_LIMITS.maxNamespaces);
      break;
    case '--json':
      config.json = true;
      break;
    default:
      if (!applyFindingsFlag(config.findings, flag, arg, value, (message) => new UsageError(message))) {
        throw new UsageError(`Unknown option "${arg}"`);
      }
  }
  return undefined;
}

export function parseArgs(argv: string[]): CliConfig | 'help' {
  const config: CliConfig = { options: { port: 4010 }, allowRemote: false, json: false, findings: {} };
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
    if (arg === '--') {
      config.command = argv.slice(i + 1);
      if (config.command.length === 0) throw new UsageError('-- needs a command to run after it');
      break;
    }
    if (applyFlag(config, flag, arg, value) === 'help') return 'help';
  }
  const refusal =
    remoteHostRefusal(config.options.host ?? '127.0.0.1', config.allowRemote) ??
    adminTokenRefusal(config.options.adminToken, config.allowRemote);
  if (refusal) throw new UsageError(refusal);
  return config;
}

/** Where the CLI writes: the banner goes to stderr when stdout is taken (MCP over stdio). */
export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CONSOLE: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** What the CLI itself needs of the sandbox it runs or uses: where it is, and its delay. */
export type CliClient = Pick<SandboxClient, 'url' | 'port' | 'server' | 'setLatency'>;

/** A sandbox the CLI runs, or uses: another process may serve its state file. */
export interface RunningSandbox<C extends CliClient = CliClient> {
  /** The sandbox as it is reached now (it changes when this process opens a shared file itself). */
  client(): C;
  /** Resolves once client() reaches a live sandbox: a shared file whose server went away is opened again first. */
  ready(): Promise<unknown>;
  close(): Promise<void>;
  /** What the scenario made, when this process made the world from one. */
  scenario?: LoadedScenario;
  /** With --allow-remote, the admin token the admin API asks for (when this process serves it). */
  adminToken?: string;
  /** What the run's integration review found in every world, what waited judged, when this process serves the sandbox (cliFindings.ts). */
  findings?(): Promise<Finding[]>;
}

/** The --json line: where the sandbox listens and what the scenario made, for a harness in any language. */
export function readyLine(client: CliClient, scenario: LoadedScenario | undefined, adminToken?: string): Record<string, unknown> {
  return {
    url: client.url,
    ...(adminToken === undefined ? {} : { adminToken }),
    port: client.port,
    pid: client.server.pid,
    servedHere: client.server.here,
    apps: scenario?.apps ?? [],
    wallets: scenario?.wallets ?? [],
    developers: scenario?.developers ?? [],
  };
}

/** A state file's sandbox, served here or by another process, as openSharedSandbox opens it. */
interface SharedFile<C> {
  readonly client: C;
  ready(): Promise<unknown>;
  close(): Promise<void>;
  onServed(listener: (client: C) => void): () => void;
}

/**
 * How the CLI is run. The extension's CLI (dist/sandbox.js) gives openSharedSandbox and
 * localClient, so the MCP server's tools get the editor's SandboxClient; the package's CLI gives
 * neither and so carries no client of its own (its size: test/unit/sandbox/package.test.ts).
 */
export interface CliMode<C extends CliClient = CliClient> {
  role: SandboxRole;
  /**
   * With a state file another process serves, use that process's sandbox (the MCP server,
   * beside VS Code) instead of stopping (npm run sandbox).
   */
  share?: (options: SharedSandboxOptions) => Promise<SharedFile<C>>;
  /** The sandbox this process serves, as `client()` answers it. */
  local: (sandbox: Sandbox, role: SandboxRole) => C;
  /** The world to start in when no --scenario is given (the package's CLI: a demo app and wallets with passcodes). */
  starter?: ScenarioFile;
}

const WHO: Record<SandboxRole, string> = {
  window: 'a VS Code window',
  mcp: 'the MCP server',
  cli: 'npm run sandbox',
  program: 'another program',
};

/** "a VS Code window (pid 4242)": what serves a sandbox, in words. */
export function servedBy(client: CliClient): string {
  return `${WHO[client.server.role]} (pid ${client.server.pid})`;
}

/** The sandbox this process serves, as the CLI itself needs it. */
export const hereClient = (sandbox: Sandbox, role: SandboxRole): CliClient => ({
  url: sandbox.url,
  port: sandbox.port,
  server: { here: true, pid: process.pid, role },
  setLatency: async (ms) => sandbox.setLatency(ms),
});

async function open<C extends CliClient>(config: CliConfig, mode: CliMode<C>, output: CliOutput): Promise<RunningSandbox<C>> {
  const { dataFile } = config.options;
  if (mode.share && dataFile) {
    const shared = await mode.share({ ...config.options, dataFile, role: mode.role, portTries: 20 });
    shared.onServed((client) => output.err(`Wallet sandbox: ${servedBy(client)} serves ${dataFile} now, at ${client.url}.`));
    return { client: () => shared.client, ready: () => shared.ready(), close: () => shared.close() };
  }
  const scenario = config.options.scenario ?? mode.starter;
  const sandbox = await startSandbox({ ...config.options, ...(scenario === undefined ? {} : { scenario }), role: mode.role });
  const client = mode.local(sandbox, mode.role);
  return {
    client: () => client,
    ready: () => Promise.resolve(),
    close: () => sandbox.close(),
    findings: () => runFindings(sandbox),
    ...(sandbox.scenario ? { scenario: sandbox.scenario } : {}),
    ...(sandbox.adminToken === undefined ? {} : { adminToken: sandbox.adminToken }),
  };
}

/** The lines that say where it listens, and with what to sign in (the scenario's first app key and wallets). */
function banner(client: CliClient, scenario: LoadedScenario | undefined, latencyMs: number | undefined): string[] {
  if (!client.server.here) {
    return [
      `Wallet sandbox at ${client.url}, served by ${servedBy(client)} on the same state file: one world.`,
      ...(latencyMs ? ['--latency is left to the process that serves it.'] : []),
    ];
  }
  const app = scenario?.apps[0];
  const wallets = scenario?.wallets.length
    ? scenario.wallets.map((wallet) => (wallet.passcode ? `${wallet.mobile} (passcode ${wallet.passcode})` : wallet.mobile)).join(', ')
    : '2348000000000 and 2349090000000';
  return [
    `Wallet sandbox listening on ${client.url}`,
    ...(app ? [`App key (X-App-Key): ${app.sandboxKey}`] : []),
    `Wallets: ${wallets}; admin at ${client.url}/__sandbox/health. Ctrl-C stops.`,
    `OpenAPI document (Postman, Thunder Client, generators): ${client.url}/__sandbox/openapi.json`,
  ];
}

/**
 * Parses argv, starts the sandbox (or finds the one that serves its state file), prints the
 * banner and stops it on SIGINT/SIGTERM, or when the process that started it ends. Answers with
 * it, or undefined after --help. Exits with 2 on a usage error, 1 when the state file is served
 * elsewhere and `mode.share` is off; after `-- command`, with the command's status.
 */
export async function runCli<C extends CliClient>(
  argv: string[],
  output: CliOutput = CONSOLE,
  usage: string,
  mode: CliMode<C>,
): Promise<RunningSandbox<C> | undefined> {
  if (argv[0] === 'check-webhook') return void (process.exitCode = await runCheckWebhook(argv.slice(1), output));
  const config = parsedOrExit(argv, output);
  if (config === 'help') {
    output.out(usage);
    return undefined;
  }
  // Read while the sandbox opens, and before anything is printed: see endWithLauncher.
  const launcherRead = launchChain();
  // With --json, stdout carries the one ready line and nothing else; with a command, it is the command's.
  const say = config.json || config.command ? output.err : output.out;
  let running: RunningSandbox<C>;
  let launcher: number[];
  try {
    [running, launcher] = await Promise.all([open(config, mode, output), launcherRead]);
  } catch (error) {
    if (!(error instanceof StateFileInUse)) throw error;
    output.err(
      error.unresponsive
        ? `wallet sandbox: ${error.message}.`
        : `wallet sandbox: ${error.stateFile} is served by ${WHO[error.owner.role]} (pid ${error.owner.pid}) at ${error.owner.url}. ` +
            'Use that address, or stop that one first: one sandbox serves a state file (docs/sandbox.md).',
    );
    process.exit(1);
  }
  if (config.allowRemote && !isLoopback(config.options.host ?? '127.0.0.1')) {
    output.err('Warning: the sandbox speaks plain HTTP and has no real security; anyone who can reach this address can use it.');
  }
  const client = running.client();
  if (client.server.here && config.latencyMs !== undefined) await client.setLatency(config.latencyMs);
  const stop = stopper(running, output, config);
  // Listening before the ready line: a harness may signal the moment it reads it, and a signal
  // nobody listens for kills the process (no clean exit, the state not flushed).
  const started: { command?: ChildProcess | undefined } = {};
  const end = (signal: NodeJS.Signals): void => void (started.command ? started.command.kill(signal) : stop(0));
  process.on('SIGINT', () => end('SIGINT'));
  process.on('SIGTERM', () => end('SIGTERM'));
  for (const line of banner(client, running.scenario, config.latencyMs)) say(line);
  // With --json, the token is in the ready line only: stderr ends up in CI logs.
  const token = config.json ? 'adminToken in the JSON line on stdout' : running.adminToken;
  if (client.server.here && running.adminToken) say(`Admin API token (send it as Authorization: Bearer <token>): ${token}`);
  if (config.json) output.out(JSON.stringify(readyLine(client, running.scenario, running.adminToken)));
  // With a command, a signal goes to it, and its end stops the sandbox.
  started.command = config.command && runCommand(config.command, client, running.scenario, stop);
  const unwatch = endWithLauncher(() => {
    started.command?.kill('SIGTERM');
    stop(0);
  }, launcher);
  return { ...running, close: () => (unwatch(), running.close()) };
}

function parsedOrExit(argv: string[], output: CliOutput): CliConfig | 'help' {
  try {
    return parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`wallet sandbox: ${error.message}\nRun with --help for the options.`);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * Closes the sandbox once, after concluding on the run's findings (summary, baseline, files);
 * then exits with `code` (1 when closing failed), or, when `code` was 0, with what the findings
 * call for (--fail-on-findings, --findings-baseline).
 */
function stopper(running: RunningSandbox<CliClient>, output: CliOutput, config: CliConfig): (code: number) => void {
  let stopping = false;
  return (code) => {
    if (stopping) return;
    stopping = true;
    const concluded = async (): Promise<number> => {
      const findings = (await running.findings?.()) ?? [];
      const { scenario } = config.options;
      return concludeFindings(findings, config.findings, typeof scenario === 'string' ? scenario : undefined, output.err);
    };
    concluded()
      .catch((error: unknown) => {
        output.err(`wallet sandbox: could not conclude on the findings: ${String(error)}`);
        return 1;
      })
      .then(async (verdict) => {
        await running.close();
        process.exit(code === 0 ? verdict : code);
      })
      .catch((error: unknown) => {
        output.err(`wallet sandbox: error while stopping: ${String(error)}`);
        process.exit(1);
      });
  };
}

/** `-- command`: runs it against the sandbox; its end (status, or 128 + signal) is the CLI's. */
function runCommand(
  command: string[],
  client: CliClient,
  scenario: LoadedScenario | undefined,
  stop: (code: number) => void,
): ChildProcess {
  const appKey = scenario?.apps[0]?.sandboxKey;
  const env = { ...process.env, WALLET_BASE_URL: client.url, ...(appKey ? { WALLET_APP_KEY: appKey } : {}) };
  // A shell on Windows only, where npm, npx and the like are .cmd files.
  const child = spawn(command[0] as string, command.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
  child.on('error', (error) => {
    console.error(`wallet sandbox: could not run ${command[0]}: ${error.message}`);
    stop(127);
  });
  child.on('exit', (code, signal) => stop(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0)));
  return child;
}

/** What the CLI says when it cannot start. */
export function startFailure(error: unknown): string {
  return error instanceof SandboxPortInUseError
    ? `wallet sandbox: port ${error.port} on ${error.host} is already in use (another sandbox or server?); ` +
        `pick another with --port <n>, or --port 0 for a free one`
    : `wallet sandbox: ${(error as Error).message ?? String(error)}`;
}
