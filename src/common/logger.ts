import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
import { redact } from './redact';

/** One log channel for the whole extension; every line passes through `redact`. */
export class Logger extends Disposable {
  private readonly channel = this._register(vscode.window.createOutputChannel('Wallet Console', { log: true }));

  info(message: string): void {
    this.channel.info(redact(message));
  }

  warn(message: string): void {
    this.channel.warn(redact(message));
  }

  error(message: string, error?: unknown): void {
    const detail =
      error instanceof Error ? `${error.message}${error.stack ? `\n${error.stack}` : ''}` : error === undefined ? '' : String(error);
    this.channel.error(redact(detail ? `${message}: ${detail}` : message));
  }

  show(): void {
    this.channel.show(true);
  }
}
