import * as vscode from 'vscode';
import { errorDetail } from './errorDetail';
import { Disposable } from './lifecycle';
import { redact } from './redact';

/** One log channel for the whole extension; every line passes through `redact`. */
export class Logger extends Disposable {
  private readonly channel = this._register(vscode.window.createOutputChannel('Wallet Console', { log: true }));

  /** `stacks`: log stack frames (not in the shipped, minified build: see errorDetail). */
  constructor(private readonly stacks = true) {
    super();
  }

  info(message: string): void {
    this.channel.info(redact(message));
  }

  warn(message: string): void {
    this.channel.warn(redact(message));
  }

  error(message: string, error?: unknown): void {
    const detail = errorDetail(error, this.stacks);
    this.channel.error(redact(detail ? `${message}: ${detail}` : message));
  }

  show(): void {
    this.channel.show(true);
  }
}
