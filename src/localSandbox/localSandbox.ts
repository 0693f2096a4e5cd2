import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type {
  checkWebhookHandler,
  JournalLimits,
  openSharedSandbox,
  Sandbox,
  SandboxChange,
  SandboxClient,
  SharedSandbox,
} from '../sandbox';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';
import { countText } from '../common/plural';
import { asScenarioError, type ScenarioOutcome, type WorkspaceScenario } from './workspaceScenario';

/** The fixed loopback port the sandbox asks for first (as `npm run sandbox` does). */
export const DEFAULT_SANDBOX_PORT = 4010;
/** How many ports after the asked one are tried when it is taken. */
const PORT_TRIES = 20;
/** The state file every window, the language model tools and the MCP server share (docs/sandbox.md). */
export const SANDBOX_STATE_FILE = 'sandbox-state.json';

/** Where openSharedSandbox comes from: the sandbox's own bundle, loaded on first use (not in the extension's). */
export type SandboxLoader = () => Promise<typeof openSharedSandbox>;

type SandboxModule = { openSharedSandbox: typeof openSharedSandbox; checkWebhookHandler: typeof checkWebhookHandler };

/** dist/sandbox.js beside the extension's bundle (run as a program, it is the CLI): the sandbox's code stays out of extension.js. */
async function sandboxModule(): Promise<SandboxModule> {
  // A file URL: import() takes one on every platform. An import of a CommonJS bundle holds its exports under `default`.
  const module = (await import(pathToFileURL(path.join(__dirname, 'sandbox.js')).href)) as SandboxModule & { default?: SandboxModule };
  return module.default ?? module;
}

/** Loads openSharedSandbox from the sandbox's bundle. */
export const sandboxBundle: SandboxLoader = async () => (await sandboxModule()).openSharedSandbox;

/** Loads the webhook handler check (Check Webhook Handler) from the sandbox's bundle. */
export const webhookCheckBundle = async (): Promise<typeof checkWebhookHandler> => (await sandboxModule()).checkWebhookHandler;

export interface LocalSandboxOptions {
  /** The port from the setting, read on each start. */
  port?: () => number;
  /** How much of its request journal the sandbox keeps (walletConsole.requests.historySize), read on each start. */
  journal?: () => Partial<JournalLimits>;
  /** The workspace's scenario file, looked for on each start (workspaceScenario.ts). */
  scenario?: () => Promise<WorkspaceScenario | undefined>;
  /** Told what the start did with the scenario (loaded, kept the existing world, invalid). */
  onScenario?: (outcome: ScenarioOutcome) => void;
}

/** Where the sandbox listens, the port this window asked for, and the process that serves it. */
export interface SandboxAddress {
  url: string;
  port: number;
  askedPort: number;
  server: SandboxClient['server'];
}

/**
 * The local sandbox, started the first time the local environment is used (never during
 * activation) and stopped on deactivate. One sandbox serves the state file in global storage:
 * the first window (or the MCP server) to use it runs it in its extension host, on the port of
 * `walletConsole.sandbox.port` or the next free one; every other window uses that one over HTTP
 * (reading it there, keeping no copy) and, when its process goes away, says so and opens the
 * state file itself on its next read or action.
 */
export class LocalSandbox extends Disposable {
  private opening: Promise<SharedSandbox> | undefined;
  private shared: SharedSandbox | undefined;
  private askedPort = DEFAULT_SANDBOX_PORT;
  /** What the last start did with the workspace's scenario; undefined when it had none. */
  private outcome: ScenarioOutcome | undefined;
  /** Set while a restart's outcome is only logged. */
  private quiet = false;
  private readonly startedEmitter = this._register(new vscode.EventEmitter<SandboxClient>());
  /**
   * Fires once the sandbox is reachable, and again when another process starts serving it (or
   * this one took it over): watchers subscribe then (asking for it would start it).
   */
  readonly onDidStart = this.startedEmitter.event;
  private readonly stateEmitter = this._register(new vscode.EventEmitter<SandboxChange>());
  /**
   * Every change of the sandbox, whoever made it (this extension, the developer's app, an agent,
   * another window): what it touched. Fired synchronously from the sandbox's report: listeners
   * only look and arm a timer. Subscribing never starts the sandbox.
   */
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly lostEmitter = this._register(new vscode.EventEmitter<number>());
  /** The process that served it went away (its pid): the next read or action opens the state file here. */
  readonly onDidLoseServer = this.lostEmitter.event;

  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly logger: Logger,
    private readonly load: SandboxLoader,
    private readonly options: LocalSandboxOptions = {},
  ) {
    super();
    this._register(toDisposable(() => void this.stop()));
  }

  /** True once something asked for the sandbox (it starts on first use, never during activation). */
  get started(): boolean {
    return this.opening !== undefined;
  }

  /** Where it listens, once it does. */
  get listening(): SandboxAddress | undefined {
    const client = this.shared?.client;
    if (!client) return undefined;
    // A port taken by this window's choice, not the other process's.
    return { url: client.url, port: client.port, askedPort: client.server.here ? this.askedPort : client.port, server: client.server };
  }

  /** What the last start did with the workspace's scenario (loaded, kept the saved world, invalid, served elsewhere). */
  get scenarioOutcome(): ScenarioOutcome | undefined {
    return this.outcome;
  }

  /**
   * Stops and starts again, reading the workspace's scenario anew; the views follow through
   * onDidStart. `quiet`: what the start did with the scenario is logged, not told (a command that
   * restarts to reset says what came of it itself).
   */
  async restart(options: { quiet?: boolean } = {}): Promise<SandboxClient> {
    await this.stop();
    this.quiet = options.quiet === true;
    try {
      return await this.instance();
    } finally {
      this.quiet = false;
    }
  }

  url(): Promise<string> {
    return this.instance().then((sandbox) => sandbox.url);
  }

  /** The sandbox as it is reached now (started if need be; opened here first if the process that served it went away). */
  instance(): Promise<SandboxClient> {
    return this.open().then((shared) => shared.ready());
  }

  /** The sandbox itself when this window serves it (extension tests check what the controls did). */
  async inProcess(): Promise<Sandbox> {
    const shared = await this.open();
    if (!shared.inProcess)
      throw new Error(vscode.l10n.t('The local sandbox is served by another process (pid {0}).', shared.client.server.pid));
    return shared.inProcess;
  }

  private open(): Promise<SharedSandbox> {
    this.opening ??= this.start().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async start(): Promise<SharedSandbox> {
    await vscode.workspace.fs.createDirectory(this.storageUri);
    const dataFile = vscode.Uri.joinPath(this.storageUri, SANDBOX_STATE_FILE).fsPath;
    this.askedPort = this.options.port?.() ?? DEFAULT_SANDBOX_PORT;
    const openSharedSandbox = await this.load();
    const scenario = await this.options.scenario?.();
    this.outcome = undefined;
    const open = (withScenario: boolean) =>
      openSharedSandbox({
        dataFile,
        role: 'window',
        port: this.askedPort,
        portTries: this.askedPort === 0 ? 1 : PORT_TRIES,
        journal: this.options.journal?.(),
        log: (line) => this.logger.warn(line),
        ...(withScenario && scenario ? { scenario: scenario.uri.fsPath } : {}),
      });
    let shared: SharedSandbox;
    try {
      shared = await open(true);
      if (scenario) this.tell(scenarioOutcome(shared, scenario));
    } catch (error) {
      const bad = scenario && asScenarioError(error);
      if (!bad) throw error;
      // A bad scenario never keeps the sandbox from starting: it starts without it, and says why.
      this.logger.warn(
        `Local sandbox: ${scenario.label} is not a valid scenario (${bad.path ? `${bad.path}: ` : ''}${bad.problem}); started without it.`,
      );
      shared = await open(false);
      this.tell({ kind: 'invalid', scenario, ...bad });
    }
    this.shared = shared;
    this.describe(shared.client, dataFile);
    shared.client.onChange((change) => this.stateEmitter.fire(change));
    shared.onLost((pid) => this.lostEmitter.fire(pid));
    shared.onServed((client) => {
      this.describe(client, dataFile);
      this.startedEmitter.fire(client);
    });
    this.startedEmitter.fire(shared.client);
    return shared;
  }

  private tell(outcome: ScenarioOutcome): void {
    this.outcome = outcome;
    if (outcome.kind === 'loaded') {
      this.logger.info(
        `Local sandbox: started in the world of ${outcome.scenario.label} (${made(outcome.apps, 'app')}, ${made(outcome.wallets, 'wallet')}).`,
      );
    } else if (outcome.kind === 'kept') {
      this.logger.info(
        `Local sandbox: kept its saved world; ${outcome.scenario.label} seeds only a new one (Reset Sandbox to Scenario loads it).`,
      );
    } else if (outcome.kind === 'elsewhere') {
      this.logger.info(
        `Local sandbox: process ${outcome.pid} serves it, in the world it started with; ${outcome.scenario.label} was not loaded here.`,
      );
    }
    if (!this.quiet) this.options.onScenario?.(outcome);
  }

  private describe(client: SandboxClient, dataFile: string): void {
    if (!client.server.here) {
      this.logger.info(
        `Local sandbox: using the one process ${client.server.pid} (${client.server.role}) serves at ${client.url} (state in ${dataFile})`,
      );
      return;
    }
    const taken = this.askedPort !== 0 && client.port !== this.askedPort ? ` (port ${this.askedPort} was taken)` : '';
    this.logger.info(`Local sandbox listening on ${client.url}${taken} (state in ${dataFile})`);
  }

  /** New limits for the request journal (the setting changed): the sandbox's when served here (another process keeps its own). */
  setJournalLimits(limits: Partial<JournalLimits>): void {
    this.shared?.setJournalLimits(limits);
  }

  async stop(): Promise<void> {
    const opening = this.opening;
    this.opening = undefined;
    this.shared = undefined;
    // A start that failed has nothing to close.
    await (await opening?.catch(() => undefined))?.close();
  }
}

/** What a start that was given the scenario did with it. */
function scenarioOutcome(shared: SharedSandbox, scenario: WorkspaceScenario): ScenarioOutcome {
  const served = shared.inProcess;
  if (!served) return { kind: 'elsewhere', scenario, pid: shared.client.server.pid };
  if (!served.scenario) return { kind: 'kept', scenario };
  return { kind: 'loaded', scenario, apps: served.scenario.apps.length, wallets: served.scenario.wallets.length };
}

/** `1 app`, `2 apps`: for the log, in English. */
export function made(count: number, noun: string): string {
  return countText(count, `${count} ${noun}`, `${count} ${noun}s`, 'en');
}
