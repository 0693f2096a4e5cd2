// What the Requests view shows of one request: masked for showing, and a template with
// $PLACEHOLDERS for secrets that snippets and Replay build on. Neither ever holds a secret
// (a MaskedRecord works them out on first read, see maskedRecord.ts).

import * as l10n from '@vscode/l10n';

export type TrafficEnvironment = 'local' | 'staging' | 'production';

export type HeaderList = readonly (readonly [name: string, value: string])[];

/** The request as it can be sent again: every secret replaced by a `$WALLET_…` placeholder. */
export interface RequestTemplate {
  method: string;
  /** Base URL + path + query, e.g. `http://127.0.0.1:4010/v1/transactions?limit=20`. */
  url: string;
  headers: HeaderList;
  body: string;
  /** The placeholders it uses, e.g. `WALLET_APP_KEY` (without `$`). */
  placeholders: readonly string[];
}

export interface RequestRecord {
  id: number;
  environment: TrafficEnvironment;
  /** When it was sent (epoch ms). */
  at: number;
  method: string;
  path: string;
  /** Masked like everything shown (an account number reads ******1995). */
  query: string;
  /** 0 when no answer came. */
  status: number;
  durationMs: number;
  /** Sent by this extension (its User-Agent), or by another client on this machine. */
  fromExtension: boolean;
  /** The client's User-Agent ('' when it sent none). */
  userAgent: string;
  requestHeaders: HeaderList;
  requestBody: string;
  responseHeaders: HeaderList;
  responseBody: string;
  template: RequestTemplate;
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'none';

export function statusClassOf(status: number): StatusClass {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500) return '5xx';
  return 'none';
}

/** Where it went, as sent: the path and its (masked) query. */
export function recordTarget(record: Pick<RequestRecord, 'path' | 'query'>): string {
  return `${record.path}${record.query ? `?${record.query}` : ''}`;
}

/** Its answer's status, or "no answer" (status 0: the connection dropped, or a fault dropped it). */
export function answerText(record: Pick<RequestRecord, 'status'>): string {
  return record.status === 0 ? l10n.t('no answer') : String(record.status);
}

/** A POST that moves money: it is never replayed without a confirmation saying so. */
export function movesMoney(method: string, path: string): boolean {
  return method === 'POST' && /^\/v1\/users\/(transfers|payments)\//.test(path);
}
