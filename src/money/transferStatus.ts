// The bank-transfer status codes of the API (evidence.md), read once. Plain data: no vscode.

export type TransferState = 'pending' | 'success' | 'failed' | 'unknown';

const STATES: Readonly<Record<string, TransferState>> = { '000002': 'pending', '000001': 'success', '000000': 'failed' };

export function transferState(statusCode: string | undefined): TransferState {
  return statusCode !== undefined && Object.hasOwn(STATES, statusCode) ? STATES[statusCode]! : 'unknown';
}

/** Waits between requeries of one pending transfer: 5 s, doubling, at most 5 minutes. */
export function requeryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt), 300_000);
}
