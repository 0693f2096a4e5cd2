import * as vscode from 'vscode';
import type { Sandbox, SandboxChange, SandboxExchange, startSandbox } from '../sandbox';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';

/** The fixed loopback port the sandbox asks for first (as `npm run sandbox` does). */
export const DEFAULT_SANDBOX_PORT = 4010;
/** How many ports after the asked one are tried when it is taken. */
const PORT_TRIES = 20;

/** Where startSandbox comes from: the sandbox's own bundle, loaded on first use (not in the extension's). */
export type SandboxLoader = () => Promise<typeof startSandbox>;

/** Loads startSandbox from dist/sandbox.js beside the extension's bundle. */
export function sandboxBundle(extensionUri: vscode.Uri): SandboxLoader {
  // A file URL: import() takes one on every platform.
  const url = vscode.Uri.joinPath(extensionUri, 'dist', 'sandbox.js').toString(true);
  return async () => ((await import(url)) as { startSandbox: typeof startSandbox }).startSandbox;
}

export interface LocalSandboxOptions {
  /** The port from the setting, read on each start. */
  port?: () => number;
  /** Every exchange the sandbox answers (the Requests view); must not throw. */
  onExchange?: (exchange: SandboxExchange, sandboxUrl: string) => void;
}

/** Where the sandbox listens, and the port it asked for first. */
export interface SandboxAddress {
  url: string;
  port: number;
  askedPort: number;
}

/**
 * The local sandbox runs inside the extension host, started the first time the local
 * environment is used (never during activation) and stopped on deactivate. It listens on the
 * port of `walletConsole.sandbox.port` so a developer's app can use it, or the next free one.
 */
export class LocalSandbox extends Disposable {
  private starting: Promise<Sandbox> | undefined;
  private address: SandboxAddress | undefined;
  private unwatch: (() => void) | undefined;
  private readonly startedEmitter = this._register(new vscode.EventEmitter<Sandbox>());
  /** Fires once the sandbox listens (watchers subscribe then: asking for it would start it; the Requests view says where). */
  readonly onDidStart = this.startedEmitter.event;
  private readonly stateEmitter = this._register(new vscode.EventEmitter<SandboxChange>());
  /**
   * Every state change of the running sandbox, whoever made it (this extension, the developer's
   * app, an agent): what it touched. Fired synchronously from the sandbox's answer: listeners
   * only look and arm a timer. Subscribing never starts the sandbox.
   */
  readonly onDidChangeState = this.stateEmitter.event;

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
    return this.starting !== undefined;
  }

  /** Where it listens, once it does. */
  get listening(): SandboxAddress | undefined {
    return this.address;
  }

  url(): Promise<string> {
    return this.instance().then((sandbox) => sandbox.url);
  }

  instance(): Promise<Sandbox> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async start(): Promise<Sandbox> {
    await vscode.workspace.fs.createDirectory(this.storageUri);
    const dataFile = vscode.Uri.joinPath(this.storageUri, 'sandbox-state.json').fsPath;
    const askedPort = this.options.port?.() ?? DEFAULT_SANDBOX_PORT;
    const observe = this.options.onExchange;
    let url = '';
    const onExchange = observe ? (exchange: SandboxExchange) => observe(exchange, url) : undefined;
    const startSandbox = await this.load();
    const sandbox = await this.listen(askedPort, (port) => startSandbox({ dataFile, port, onExchange }));
    url = sandbox.url;
    this.address = { url: sandbox.url, port: sandbox.port, askedPort };
    const taken = askedPort !== 0 && sandbox.port !== askedPort ? ` (port ${askedPort} was taken)` : '';
    this.logger.info(`Local sandbox listening on ${sandbox.url}${taken} (state in ${dataFile})`);
    this.unwatch = sandbox.onChange((change) => this.stateEmitter.fire(change));
    this.startedEmitter.fire(sandbox);
    return sandbox;
  }

  /** The asked port, or the next free one after it; 0 lets the system choose. */
  private async listen(askedPort: number, start: (port: number) => Promise<Sandbox>): Promise<Sandbox> {
    for (let port = askedPort, tries = 0; ; port++, tries++) {
      try {
        return await start(port);
      } catch (error) {
        const inUse = (error as NodeJS.ErrnoException)?.code === 'EADDRINUSE';
        if (!inUse || askedPort === 0) throw error;
        if (tries + 1 >= PORT_TRIES || port >= 65535) return start(0);
      }
    }
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.address = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
    if (starting) await (await starting).close();
  }
}
