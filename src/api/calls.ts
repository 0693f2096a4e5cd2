// What the endpoint methods (client.ts, transfers.ts) share: the caller's input checked before
// anything is sent, and the headers that carry keys and tokens, attached here and nowhere else.

import type * as v from 'valibot';
import { invalidInputError } from './errors';
import type { Call, Endpoint } from './transport';
import { validateAmountKobo, validateMobile, type Validation } from './validation';

/** What wallet queries need: the app's key and the wallet's access token. */
export interface WalletCredentials {
  appKey: string;
  accessToken: string;
}

export interface CallOptions {
  /** Aborting it ends the request with a WalletApiError of kind 'cancelled'. */
  signal?: AbortSignal;
}

/** Query values the log may show: paging, the type filter and bank codes (an account number is not). */
const PUBLIC_QUERY = ['limit', 'pages', 'type', 'bankCode'] as const;

/** A GET with the wallet's headers (GETs are retried: see transport.ts). */
export function walletGet<T>(
  endpoint: Endpoint,
  wallet: WalletCredentials,
  path: string,
  schema: v.GenericSchema<unknown, T>,
  options: CallOptions,
  query?: Record<string, string | number>,
): Promise<T> {
  return endpoint.send({
    method: 'GET',
    path,
    query,
    publicQuery: PUBLIC_QUERY,
    headers: walletHeaders('GET', path, wallet),
    secrets: walletSecrets(wallet),
    schema,
    signal: options.signal,
  });
}

export function post(path: string, body: Record<string, unknown>): Pick<Call<unknown>, 'method' | 'path' | 'body'> {
  return { method: 'POST', path, body };
}

/** Unwraps a validation result, or throws the invalid-input error carrying its message. */
export function check<T>(method: string, path: string, result: Validation<T>): T {
  if (!result.ok) throw invalidInputError({ method, path }, result.message);
  return result.value;
}

/** The mobile and kobo amount of a phone transfer or an airtime purchase, checked before anything is sent. */
export function checkRecipient(path: string, request: { mobile: string; amount: number }): { mobile: string; amount: number } {
  return {
    mobile: check('POST', path, validateMobile(request?.mobile)),
    amount: check('POST', path, validateAmountKobo(request?.amount)),
  };
}

/** Header values must be one printable token: anything else would make fetch itself throw. */
export function validateToken(value: unknown, message: string): Validation<string> {
  return typeof value === 'string' && /^[\x21-\x7e]+$/.test(value) ? { ok: true, value } : { ok: false, message };
}

export function appHeaders(method: string, path: string, appKey: string): Record<string, string> {
  const key = check(method, path, validateToken(appKey, 'An app key is needed: add or create an app first.'));
  return { 'X-App-Key': key };
}

export function walletHeaders(method: string, path: string, wallet: WalletCredentials): Record<string, string> {
  const token = check(method, path, validateToken(wallet?.accessToken, 'The wallet is not connected: connect it again.'));
  return { ...appHeaders(method, path, wallet?.appKey), 'X-App-Wallet-Access-Token': token };
}

export function walletSecrets(wallet: WalletCredentials): string[] {
  return [wallet?.appKey ?? '', wallet?.accessToken ?? ''];
}
