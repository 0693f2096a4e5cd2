import type { OutgoingHttpHeaders } from 'node:http';
// The one set of masking rules (src/masking/masking.ts: a leaf that imports nothing, bundled into
// the package): the journal keeps the wire as it came, and this shows it without its secrets.
import { isSecretHeader, MASK, maskSandboxAnswer, maskText } from '../../masking/masking';
import { requestViews, type JournalEntry } from './entry';

// GET /__sandbox/requests on a sandbox that listens beyond loopback: each entry as the Requests
// view would show it (app keys, tokens, passcodes and passwords [masked]), unless the admin
// token asks for the secrets (http/adminToken.ts).

function maskedHeaderList(raw: readonly string[]): string[] {
  const list: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    list.push(name, isSecretHeader(name) ? MASK : maskText(raw[i + 1] as string));
  }
  return list;
}

function maskedAnswerHeaders(headers: Readonly<OutgoingHttpHeaders>): OutgoingHttpHeaders {
  const masked: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    masked[name] = isSecretHeader(name) ? MASK : typeof value === 'string' ? maskText(value) : value;
  }
  return masked;
}

/** A copy of the entry with every secret masked (its parsed views too); the journal's own entry is left as it is. */
export function maskedEntry(entry: JournalEntry): JournalEntry {
  const requestHeaders = maskedHeaderList(entry.requestHeaders);
  const requestBody = maskText(entry.requestBody);
  // The parsed body holds what the masked text hides: it is made again from that text below.
  const rest = Object.fromEntries(Object.entries(entry).filter(([name]) => name !== 'json')) as Omit<JournalEntry, 'json'>;
  return {
    ...rest,
    query: maskText(entry.query),
    requestHeaders,
    requestBody,
    ...requestViews(requestHeaders, requestBody, entry.requestBodySize),
    responseHeaders: maskedAnswerHeaders(entry.responseHeaders),
    responseBody: maskSandboxAnswer(entry.responseBody),
    ...(entry.apiAnswer ? { apiAnswer: { status: entry.apiAnswer.status, body: maskSandboxAnswer(entry.apiAnswer.body) } } : {}),
  };
}
