// Copy as cURL, TypeScript fetch and Python requests: built from a record's template, so
// secrets appear only as environment variables ($WALLET_APP_KEY, $WALLET_ACCESS_TOKEN, …), and
// without the headers the original client added on its own (Replay still sends the template).

import type { HeaderList, RequestTemplate } from './requestRecord';

export type SnippetFormat = 'curl' | 'fetch' | 'python';

export const SNIPPET_FORMATS: readonly SnippetFormat[] = ['curl', 'fetch', 'python'];

const PLACEHOLDER = /\$(WALLET_[A-Z_]+)/g;

/**
 * Headers a browser or a runtime's fetch adds on its own, left out of a snippet: the wallet API
 * reads none of them, and the snippet's own client sends its own. Node's fetch sends
 * `accept-language: *`, `sec-fetch-mode: cors` and `accept-encoding`; a browser adds its
 * fetch metadata and client hints (`sec-fetch-*`, `sec-ch-*`), the page's `origin` and
 * `referer`, its `user-agent` and privacy and cache hints; the connection's own headers belong
 * to no request. What an API call needs stays: its keys and tokens (as placeholders),
 * `content-type`, `accept`, `authorization`, cookies and any header of the app's own.
 */
const NOISE_HEADERS: ReadonlySet<string> = new Set([
  'accept-encoding',
  'accept-language',
  'connection',
  'content-length',
  'dnt',
  'host',
  'keep-alive',
  'origin',
  'pragma',
  'priority',
  'referer',
  'sec-gpc',
  'te',
  'transfer-encoding',
  'upgrade-insecure-requests',
  'user-agent',
  'x-client-data',
]);
const NOISE_PREFIXES: readonly string[] = ['sec-fetch-', 'sec-ch-'];

/** Whether a header is one a client adds on its own (see NOISE_HEADERS), whatever its case. */
export function isNoiseHeader(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return NOISE_HEADERS.has(lower) || NOISE_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** The headers a snippet sends: the request's, without the noise. */
export function snippetHeaders(headers: HeaderList): HeaderList {
  return headers.filter(([name]) => !isNoiseHeader(name));
}

/** Splits text into literal parts and placeholder names (odd indexes). */
function parts(text: string): string[] {
  return text.split(PLACEHOLDER);
}

function shellQuote(text: string): string {
  return (
    parts(text)
      .map((part, index) => (index % 2 === 1 ? `"$${part}"` : part === '' ? '' : `'${part.replace(/'/g, `'\\''`)}'`))
      .join('') || "''"
  );
}

function curl(template: RequestTemplate): string {
  const lines = [`curl -X ${template.method} ${shellQuote(template.url)}`];
  for (const [name, value] of snippetHeaders(template.headers)) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (template.body !== '') lines.push(`  --data-raw ${shellQuote(template.body)}`);
  return lines.join(' \\\n');
}

/** A JavaScript string expression: a template literal with process.env for each placeholder. */
function jsString(text: string): string {
  const pieces = parts(text);
  if (pieces.length === 1) return JSON.stringify(text);
  return `\`${pieces
    .map((part, index) => (index % 2 === 1 ? `\${process.env.${part}}` : part.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${')))
    .join('')}\``;
}

function fetchSnippet(template: RequestTemplate): string {
  const headers = snippetHeaders(template.headers).map(([name, value]) => `    ${JSON.stringify(name)}: ${jsString(value)},`);
  const lines = [
    `const response = await fetch(${jsString(template.url)}, {`,
    `  method: ${JSON.stringify(template.method)},`,
    '  headers: {',
    ...headers,
    '  },',
  ];
  if (template.body !== '') lines.push(`  body: ${jsString(template.body)},`);
  lines.push('});', 'console.log(response.status, await response.text());');
  return lines.join('\n');
}

/** A Python string expression: concatenation with os.environ for each placeholder. */
function pyString(text: string): string {
  return (
    parts(text)
      .map((part, index) => (index % 2 === 1 ? `os.environ[${JSON.stringify(part)}]` : part === '' ? '' : JSON.stringify(part)))
      .filter((piece) => piece !== '')
      .join(' + ') || '""'
  );
}

function python(template: RequestTemplate): string {
  const lines = [
    'import os',
    'import requests',
    '',
    'response = requests.request(',
    `    ${JSON.stringify(template.method)},`,
    `    ${pyString(template.url)},`,
    '    headers={',
    ...snippetHeaders(template.headers).map(([name, value]) => `        ${JSON.stringify(name)}: ${pyString(value)},`),
    '    },',
  ];
  if (template.body !== '') lines.push(`    data=${pyString(template.body)},`);
  lines.push(')', 'print(response.status_code, response.text)');
  return lines.join('\n');
}

export function snippet(template: RequestTemplate, format: SnippetFormat): string {
  switch (format) {
    case 'curl':
      return curl(template);
    case 'fetch':
      return fetchSnippet(template);
    case 'python':
      return python(template);
  }
}
