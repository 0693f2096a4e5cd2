// Small helpers for the host side of the benchmark: progress lines the launcher can pick out,
// bounded waits, and the sandbox's request log read by position.
import * as vscode from 'vscode';
import type { SandboxAdmin } from '../host/support/sandboxAdmin';
import type { LoggedRequest } from './report';

/** A progress line on the extension host's console, tagged so the launcher shows it. */
export function log(message: string): void {
  console.log(`${process.env.WALLET_CONSOLE_TEST_TAG ?? ''}[bench] ${message}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `done` every `everyMs` until it holds or `limitMs` passes; returns whether it held. */
export async function waitFor(done: () => boolean | Promise<boolean>, limitMs: number, everyMs = 50): Promise<boolean> {
  const until = Date.now() + limitMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > until) return false;
    await sleep(everyMs);
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The sandbox's request journal, read by id rather than cleared, so the whole session stays
 * countable (the journal keeps the last 500; a benchmark session makes a few dozen).
 */
export class RequestLog {
  constructor(private readonly admin: SandboxAdmin) {}

  async all(): Promise<LoggedRequest[]> {
    // Only what the report keeps: an entry's headers and bodies hold the session's secrets.
    const entries = (await this.admin.requests()) as unknown as LoggedRequest[];
    return entries.map(({ id, method, path, at, durationMs, status }) => ({ id, method, path, at, durationMs, status }));
  }

  /** The newest entry's id: what since() counts from. */
  async mark(): Promise<number> {
    return (await this.all()).at(-1)?.id ?? 0;
  }

  async since(mark: number): Promise<LoggedRequest[]> {
    return (await this.all()).filter((request) => request.id > mark);
  }

  /**
   * Waits until `idle()` holds and no request was logged for `quietMs`, at most `limitMs`;
   * returns what was logged since `mark`.
   */
  async settle(mark: number, idle: () => boolean, quietMs = 500, limitMs = 15_000): Promise<LoggedRequest[]> {
    const until = Date.now() + limitMs;
    let count = -1;
    let quietSince = Date.now();
    for (;;) {
      const now = await this.mark();
      if (now !== count) {
        count = now;
        quietSince = Date.now();
      }
      if (idle() && Date.now() - quietSince >= quietMs) break;
      if (Date.now() > until) break;
      await sleep(50);
    }
    return this.since(mark);
  }
}

/** Shows another view container, so the Wallet view is hidden. */
export async function hideWalletView(view: vscode.TreeView<unknown>): Promise<boolean> {
  await vscode.commands.executeCommand('workbench.view.explorer');
  return waitFor(() => !view.visible, 5_000);
}
