// Copy as cURL for a path in code: the same snippet the Requests view copies (src/requests/snippets.ts),
// with every key and token as an environment variable ($WALLET_APP_KEY, …), never its value.

import { snippet } from '../../requests/snippets';
import type { RequestTemplate } from '../../requests/requestRecord';
import type { Endpoint, Field, Operation } from './catalog';
import type { FoundPath } from './pathFinder';

/** The placeholder each security scheme's header carries. */
const SCHEME_HEADERS: Readonly<Record<string, readonly [string, string]>> = {
  AppKey: ['X-App-Key', '$WALLET_APP_KEY'],
  WalletToken: ['X-App-Wallet-Access-Token', '$WALLET_ACCESS_TOKEN'],
  ResourceToken: ['x-auth-token', '$WALLET_DEVELOPER_TOKEN'],
  LoginToken: ['Authorization', 'Bearer $WALLET_LOGIN_TOKEN'],
};

/**
 * The path with the code's literal segments, and `<name>` where the code has a template part or
 * none: the developer fills those in (curl does not glob angle brackets, as it would braces).
 */
export function concretePath(endpoint: Endpoint, found?: FoundPath): string {
  const names = endpoint.path.slice(1).split('/');
  return `/${names
    .map((name, index) => {
      if (endpoint.segments[index] !== undefined) return name;
      const literal = found?.segments[index];
      return literal ?? `<${name.replace(/[{}]/g, '')}>`;
    })
    .join('/')}`;
}

/** A body to edit: strings as `<name>`, numbers 0 (an amount of 0 kobo is refused: nothing moves until it is set). */
function bodyOf(fields: readonly Field[]): string {
  const required = fields.filter((field) => field.required);
  if (required.length === 0) return '';
  const entries = required.map((field) => [field.name, /^integer|^number/.test(field.type) ? 0 : `<${field.name}>`] as const);
  return JSON.stringify(Object.fromEntries(entries));
}

function queryOf(operation: Operation, found?: FoundPath): string {
  // The code's own query when it is plain text; else the required parameters to fill in.
  if (found?.query && !/[{}$%#]/.test(found.query)) return `?${found.query}`;
  const required = operation.queryParams.filter((field) => field.required);
  return required.length === 0 ? '' : `?${required.map((field) => `${field.name}=<${field.name}>`).join('&')}`;
}

/** The request template of an operation: placeholders for every secret, `baseUrl` in front. */
export function templateFor(operation: Operation, endpoint: Endpoint, baseUrl: string, found?: FoundPath): RequestTemplate {
  const headers: [string, string][] = [];
  const placeholders = new Set<string>();
  for (const name of operation.security[0] ?? []) {
    const header = SCHEME_HEADERS[name];
    if (!header) continue;
    headers.push([header[0], header[1]]);
    placeholders.add(header[1].replace(/^.*\$/, ''));
  }
  const body = bodyOf(operation.body);
  if (body !== '') headers.push(['Content-Type', 'application/json']);
  return {
    method: operation.method,
    url: `${baseUrl.replace(/\/+$/, '')}${concretePath(endpoint, found)}${queryOf(operation, found)}`,
    headers,
    body,
    placeholders: [...placeholders],
  };
}

/** The cURL command line for an operation. */
export function curlFor(operation: Operation, endpoint: Endpoint, baseUrl: string, found?: FoundPath): string {
  return snippet(templateFor(operation, endpoint, baseUrl, found), 'curl');
}
