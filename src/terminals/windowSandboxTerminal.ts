import * as vscode from 'vscode';
import type { LocalSandbox } from '../localSandbox/localSandbox';

/**
 * The terminal of the task "Start the wallet sandbox": starts the window's local sandbox if it is
 * not running, says where it is, and ends with exit code 0 (1 when it cannot start, with why).
 */
export class WindowSandboxTerminal implements vscode.Pseudoterminal {
  private readonly written = new vscode.EventEmitter<string>();
  private readonly closed = new vscode.EventEmitter<number>();
  readonly onDidWrite = this.written.event;
  readonly onDidClose = this.closed.event;

  constructor(private readonly sandbox: LocalSandbox) {}

  open(): void {
    void this.run();
  }

  close(): void {
    this.written.dispose();
    this.closed.dispose();
  }

  private async run(): Promise<void> {
    const wasRunning = this.sandbox.listening !== undefined;
    try {
      const { url } = await this.sandbox.instance();
      this.line(
        wasRunning
          ? vscode.l10n.t('The wallet sandbox of this window is already running at {0}.', url)
          : vscode.l10n.t('Started the wallet sandbox of this window at {0}.', url),
      );
      this.line(
        vscode.l10n.t(
          'Apps launched with a "walletSandbox" launch configuration and new terminals reach it; the Requests and Events views show their calls and webhooks.',
        ),
      );
      this.closed.fire(0);
    } catch (error) {
      this.line(vscode.l10n.t('The wallet sandbox could not start: {0}', error instanceof Error ? error.message : String(error)));
      this.closed.fire(1);
    }
  }

  private line(text: string): void {
    this.written.fire(`${text}\r\n`);
  }
}
