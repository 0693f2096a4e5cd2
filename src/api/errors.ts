// The one error type the client throws, and the rules for its messages: each says what
// happened in words a user can act on, and never carries a secret or a response body.

import { redactSecretValues } from '../masking/masking';

export type WalletApiErrorKind =
  | 'network' // no answer: refused, reset, DNS
  | 'timeout' // no complete answer within the time limit
  | 'http' // a non-2xx status
  | 'rejected' // a 2xx whose body says success: false
  | 'malformed' // a body that is not JSON or does not match the schema
  | 'invalid-input' // refused before sending: the caller's input failed validation
  | 'cancelled'; // the caller's AbortSignal fired

export interface WalletApiErrorInit {
  kind: WalletApiErrorKind;
  message: string;
  method: string;
  path: string;
  status?: number;
  errorCode?: string;
  serverMessage?: string;
  retryAfterSeconds?: number;
  outcomeUnknown?: boolean;
}

export class WalletApiError extends Error {
  readonly kind: WalletApiErrorKind;
  readonly method: string;
  /** Path only: no query string, so no account number or other query value. */
  readonly path: string;
  readonly status?: number;
  readonly errorCode?: string;
  /** The server's own `error`/`message` text, tidied and with secrets removed. */
  readonly serverMessage?: string;
  readonly retryAfterSeconds?: number;
  /**
   * A money-moving request whose answer never came (timeout, dropped connection, garbled
   * answer, gateway error): the money may have moved. Requery before trying again.
   */
  readonly outcomeUnknown: boolean;

  constructor(init: WalletApiErrorInit) {
    super(init.message);
    this.name = 'WalletApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.serverMessage = init.serverMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

/**
 * True when no answer settles it, so a money-moving request may or may not have acted: none came
 * (or none that parses), or a 5xx. A 5xx with the API's own errorCode (a provider error) too: the
 * provider may have moved the money and then failed, until a requery says otherwise (issue 55).
 */
export function lostAnswer(error: WalletApiError): boolean {
  if (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'malformed') return true;
  return error.kind === 'http' && (error.status ?? 0) >= 500;
}

/** The same failure, told as what it is for money: outcome unknown, check before sending again. */
export function outcomeUnknownError(error: WalletApiError, what: string, howToCheck: string): WalletApiError {
  const reason = stripStop(error.message);
  return new WalletApiError({
    kind: error.kind,
    method: error.method,
    path: error.path,
    status: error.status,
    errorCode: error.errorCode,
    serverMessage: error.serverMessage,
    outcomeUnknown: true,
    message:
      error.kind === 'http'
        ? `Outcome unknown: ${what} was answered ${error.status} (${reason}), an error that may still have moved money. ` +
          `Do not send it again; ${howToCheck} first.`
        : `Outcome unknown: the answer to ${what} never arrived (${reason}), so the money may or may not have moved. ` +
          `Do not send it again; ${howToCheck} first.`,
  });
}

export function isAuthError(error: unknown): error is WalletApiError {
  return error instanceof WalletApiError && error.status === 401;
}

/** 4xx statuses that say "not now" rather than "no": a later try may succeed. */
export const TRY_AGAIN_STATUSES: readonly number[] = [408, 425, 429];

/**
 * The server answered "no" to this request (a 4xx other than try-again-later), so sending it
 * again unchanged will not help. A 2xx saying `success: false` is kind 'rejected', not this.
 */
export function isRefusal(error: unknown): error is WalletApiError {
  return (
    error instanceof WalletApiError &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    !TRY_AGAIN_STATUSES.includes(error.status)
  );
}

export function isCancelled(error: unknown): error is WalletApiError {
  return error instanceof WalletApiError && error.kind === 'cancelled';
}

/** Where a request went, for messages: `GET /v1/users/balance`. */
export interface RequestTarget {
  method: string;
  path: string;
  /** host:port of the base URL, e.g. `127.0.0.1:4010`. */
  host: string;
  /** Values that must never appear in a message (keys, tokens, passwords, passcodes). */
  secrets: readonly string[];
}

const where = (t: RequestTarget) => `${t.method} ${t.path}`;
/** `404 Not Found`: the status and the server's reason phrase, made safe to show. */
const statusLine = (t: RequestTarget, status: number, statusText: string) =>
  [status, tidyServerText(statusText, t.secrets)].filter(Boolean).join(' ');

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was closed before an answer',
  UND_ERR_SOCKET: 'the connection was closed before an answer',
  EPIPE: 'the connection was closed before an answer',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPROTO: 'the secure connection failed',
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate is not trusted",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the server's certificate is not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for another host",
  ERR_BODY_TOO_LARGE: 'the answer was too large',
  Z_DATA_ERROR: 'the answer could not be decompressed',
  Z_BUF_ERROR: 'the answer could not be decompressed',
};

function networkReason(code: string | undefined): string {
  if (!code) return 'network error';
  // OpenSSL's own codes (ERR_SSL_WRONG_VERSION_NUMBER, ...): the handshake itself failed.
  return NETWORK_REASONS[code] ?? (code.startsWith('ERR_SSL_') ? 'the secure connection failed' : 'network error');
}

export function networkError(t: RequestTarget, code: string | undefined): WalletApiError {
  const reason = networkReason(code);
  return new WalletApiError({
    kind: 'network',
    method: t.method,
    path: t.path,
    message: `Could not reach the wallet API at ${t.host} (${reason}).`,
  });
}

/** One attempt: "within 15 s". Several: what the user actually waited, "3 attempts over 45 s". */
export function timeoutError(t: RequestTarget, timeoutMs: number, attempts = 1): WalletApiError {
  const waited = timeoutMs >= 10_000 ? Math.round(timeoutMs / 1000) * 1000 : timeoutMs;
  return new WalletApiError({
    kind: 'timeout',
    method: t.method,
    path: t.path,
    message:
      attempts > 1
        ? `The wallet API did not answer: ${attempts} attempts over ${formatDuration(waited)} (${where(t)}).`
        : `The wallet API did not answer within ${formatDuration(timeoutMs)} (${where(t)}).`,
  });
}

export function cancelledError(t: RequestTarget): WalletApiError {
  return new WalletApiError({
    kind: 'cancelled',
    method: t.method,
    path: t.path,
    message: `The request was cancelled (${where(t)}).`,
  });
}

export function invalidInputError(t: Pick<RequestTarget, 'method' | 'path'>, message: string): WalletApiError {
  return new WalletApiError({ kind: 'invalid-input', method: t.method, path: t.path, message });
}

export interface HttpFailure {
  status: number;
  statusText: string;
  serverText?: string;
  errorCode?: string;
  retryAfterSeconds?: number;
}

export function httpError(t: RequestTarget, failure: HttpFailure): WalletApiError {
  const serverMessage = tidyServerText(failure.serverText, t.secrets);
  const errorCode = tidyServerText(failure.errorCode, t.secrets);
  const facts = [`HTTP ${failure.status}`, errorCode && `code ${errorCode}`].filter(Boolean).join(', ');
  let message: string;
  if (failure.status === 429) {
    const wait = failure.retryAfterSeconds !== undefined ? `try again in ${failure.retryAfterSeconds} s` : 'try again shortly';
    message = `The wallet API is limiting requests; ${wait} (${facts}, ${where(t)}).`;
  } else if (serverMessage) {
    const lead = failure.status >= 500 ? 'The wallet API failed' : 'The wallet API refused the request';
    message = `${lead}: ${stripStop(serverMessage)} (${facts}).`;
  } else {
    // Only the status line: the body may be an HTML error page.
    message = `The wallet API answered HTTP ${statusLine(t, failure.status, failure.statusText)} (${where(t)}).`;
  }
  return new WalletApiError({
    kind: 'http',
    method: t.method,
    path: t.path,
    message,
    status: failure.status,
    errorCode,
    serverMessage,
    retryAfterSeconds: failure.retryAfterSeconds,
  });
}

export function rejectedError(
  t: RequestTarget,
  status: number,
  serverText: string | undefined,
  rawCode: string | undefined,
): WalletApiError {
  const serverMessage = tidyServerText(serverText, t.secrets);
  const errorCode = tidyServerText(rawCode, t.secrets);
  const facts = [where(t), errorCode && `code ${errorCode}`].filter(Boolean).join(', ');
  const message = serverMessage
    ? `The wallet API declined the request: ${stripStop(serverMessage)} (${facts}).`
    : `The wallet API declined the request (${facts}).`;
  return new WalletApiError({ kind: 'rejected', method: t.method, path: t.path, message, status, errorCode, serverMessage });
}

/**
 * A 3xx answer. Redirects are not followed: the app key and tokens must never go to an
 * address the user did not configure.
 */
export function redirectError(t: RequestTarget, status: number, statusText: string, location: string | null): WalletApiError {
  const target = location && URL.canParse(location, `http://${t.host}`) ? new URL(location, `http://${t.host}`).host : undefined;
  const to = target && target !== t.host ? `, to ${tidyServerText(target, t.secrets)}` : '';
  return new WalletApiError({
    kind: 'http',
    method: t.method,
    path: t.path,
    status,
    message:
      `The wallet API moved (HTTP ${statusLine(t, status, statusText)}${to}); check its address in the Wallet Console settings. ` +
      'Redirects are not followed, so keys and tokens never go elsewhere.',
  });
}

export function malformedError(t: RequestTarget, status: number, detail: string): WalletApiError {
  return new WalletApiError({
    kind: 'malformed',
    method: t.method,
    path: t.path,
    status,
    message: `The wallet API returned a response Wallet Console does not understand (${where(t)}): ${redactSecretValues(detail, t.secrets)}`,
  });
}

/**
 * Server text made safe to show: one line, no control characters or markup, at most
 * 200 characters, and every secret the request carried replaced by `***`.
 */
export function tidyServerText(text: string | undefined, secrets: readonly string[]): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (/<[a-z!/][^>]*>/i.test(text)) return undefined;
  let tidy = redactSecretValues(text, secrets)
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  if (tidy.length > 200) tidy = `${tidy.slice(0, 199)}…`;
  return tidy === '' ? undefined : tidy;
}

/** `200` -> `200 ms`, `10000` -> `10 s`, `2500` -> `2.5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

const stripStop = (text: string) => text.replace(/[.!]+$/, '');
