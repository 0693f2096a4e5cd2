import * as vscode from 'vscode';
import { startSandbox, type Sandbox } from '../sandbox';
import { Disposable, toDisposable } from '../common/lifecycle';
import type { Logger } from '../common/logger';

/**
 * The local sandbox runs inside the extension host, started the first time the local
 * environment is used (never during activation) and stopped on deactivate.
 */
export class LocalSandbox extends Disposable {
  private starting: Promise<Sandbox> | undefined;
  private running: Sandbox | undefined;

  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly logger: Logger,
  ) {
    super();
    this._register(toDisposable(() => void this.stop()));
  }

  /** True once something asked for the sandbox (it starts on first use, never during activation). */
  get started(): boolean {
    return this.starting !== undefined;
  }

  /** The sandbox once it has started, without starting it (readers of its request log). */
  get current(): Sandbox | undefined {
    return this.running;
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
    const sandbox = await startSandbox({ dataFile });
    this.logger.info(`Local sandbox listening on ${sandbox.url} (state in ${dataFile})`);
    this.running = sandbox;
    return sandbox;
  }

  async stop(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.running = undefined;
    if (starting) await (await starting).close();
  }
}
