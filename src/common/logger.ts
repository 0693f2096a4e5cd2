import * as vscode from 'vscode';
import { errorDetail } from './errorDetail';
import { Disposable } from './lifecycle';
import { maskNumbersInText, redactSecretShapes } from '../masking/masking';

/**
 * One log channel for the whole extension; every line passes through `redactSecretShapes` (secrets) and
 * `maskNumbersInText` (mobiles and account numbers: the log is a passive surface, see masking.ts).
 */
export class Logger extends Disposable {
  private readonly channel = this._register(vscode.window.createOutputChannel('Wallet Console', { log: true }));

  /** `stacks`: log stack frames (not in the shipped, minified build: see errorDetail). */
  constructor(private readonly stacks = true) {
    super();
  }

  info(message: string): void {
    this.channel.info(forLog(message));
  }

  warn(message: string): void {
    this.channel.warn(forLog(message));
  }

  error(message: string, error?: unknown): void {
    const detail = errorDetail(error, this.stacks);
    this.channel.error(forLog(detail ? `${message}: ${detail}` : message));
  }

  show(): void {
    this.channel.show(true);
  }
}

function forLog(text: string): string {
  return maskNumbersInText(redactSecretShapes(text));
}
