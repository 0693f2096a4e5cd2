import { RequestJournal, type JournalEntry } from '../../../src/sandbox';
import { requestViews } from '../../../src/sandbox/requests/entry';
import type { JournalSource } from '../../../src/requests/requestList';

export const SANDBOX_URL = 'http://127.0.0.1:4010';

/** An entry of the sandbox's journal as it records an answer (`more` replaces fields). */
export function sandboxEntry(body: string, more: Partial<Omit<JournalEntry, 'id' | 'headers' | 'json'>> = {}): Omit<JournalEntry, 'id'> {
  const received = {
    at: Date.now(),
    durationMs: 1,
    method: 'GET',
    path: '/v1/users/balance',
    query: '',
    requestHeaders: ['Host', '127.0.0.1:4010'],
    requestBody: '',
    requestBodySize: 0,
    status: 200,
    responseHeaders: { 'Content-Type': 'application/json; charset=utf-8' },
    responseBody: body,
    responseBodySize: Buffer.byteLength(body),
    userAgent: 'my-app/1.0',
    remoteAddress: '127.0.0.1',
    ...more,
  };
  return { ...received, ...requestViews(received.requestHeaders, received.requestBody, received.requestBodySize) };
}

/** A journal as the Requests view's list reads it, served here. */
export function journalSource(journal = new RequestJournal()): JournalSource & { journal: RequestJournal } {
  return {
    url: SANDBOX_URL,
    requests: { newest: async (limit) => journal.newest(limit), clear: async () => journal.clear() },
    onRequests: (listener) => journal.onChange(() => listener(journal.lastId)),
    journal,
  };
}
