import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { ErrorCode } from '../../../src/sandbox/errors';
import { FindingsBook } from '../../../src/sandbox/findings/findingsBook';
import type { JournalEntry } from '../../../src/sandbox/requests/entry';
import type { WebhookEvent } from '../../../src/sandbox/types';

// The book sends an answered GET only to the rules that read its path (findingsBook.ts,
// answeredRead). Whatever an app does, that must find exactly what asking every rule finds.

const PATHS = [
  '/v1/users/balance',
  '/v1/queries/verify',
  '/v1/queries/bvn',
  '/v1/queries/bvn/',
  '/v1/transactions',
  '/v1/transactions/REF1',
  '/v1/users/transfers/requery/bank/REF1',
  '/v1/users/transfers/bank',
  '/v1/users/transfers/phone',
  '/v1/users/accessToken',
];
const QUERIES = ['', 'accountNumber=1000000002&bankCode=000014', 'bvn=22123456789', 'key=sk_test_0123456789abcdef0123456789abcdef'];
const VERIFIED = '{"success":true,"data":{"accountNumber":"1000000002","bankCode":"000014","accountName":"ADA OBI"}}';
const RESPONSES = ['{"success":true,"data":{}}', VERIFIED, `{"success":false,"errorCode":"${ErrorCode.walletTokenExpired}"}`];
const TRANSFER = '{"accountNumber":"1000000002","bankCode":"000014","accountName":"ADA OBI","amount":4000}';

type Step = { kind: 'exchange'; method: string; path: string; query: string; status: number; response: string; body: string; wait: number };
type Delivery = { kind: 'event'; state: WebhookEvent['state']; wait: number };

const step: fc.Arbitrary<Step | Delivery> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('exchange' as const),
      method: fc.constantFrom('GET', 'POST'),
      path: fc.constantFrom(...PATHS),
      query: fc.constantFrom(...QUERIES),
      status: fc.constantFrom(200, 200, 200, 401, 404, 503, 0),
      response: fc.constantFrom(...RESPONSES),
      body: fc.constantFrom('', TRANSFER),
      wait: fc.constantFrom(0, 1_000, 30_000, 61_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('event' as const),
      state: fc.constantFrom('delivered' as const, 'failed' as const),
      wait: fc.constant(0),
    }),
  },
);

function entryOf(id: number, exchange: Step): JournalEntry {
  const headers = { 'x-app-wallet-access-token': 'token-1' };
  return {
    id,
    at: 0,
    durationMs: 1,
    method: exchange.method,
    path: exchange.path,
    query: exchange.query,
    requestHeaders: ['X-App-Wallet-Access-Token', 'token-1'],
    headers,
    ...(exchange.body ? { json: JSON.parse(exchange.body) as unknown } : {}),
    requestBody: exchange.body,
    requestBodySize: exchange.body.length,
    status: exchange.status,
    responseHeaders: {},
    responseBody: exchange.response,
    responseBodySize: exchange.response.length,
    userAgent: 'shop/1.0',
    remoteAddress: '127.0.0.1',
  };
}

function eventOf(id: number, state: WebhookEvent['state']): WebhookEvent {
  const attempt = { at: '2026-11-27T00:00:00.000Z', status: 200, durationMs: 5 };
  return {
    id: `evt_${id}`,
    state,
    attempts: [attempt],
    payload: { payload: { data: { transactionReference: 'REF1' } } },
  } as unknown as WebhookEvent;
}

/** A book that asks every rule about every exchange, as before answered reads were routed. */
function unroutedBook(now: () => number): FindingsBook {
  const book = new FindingsBook(now);
  const inside = book as unknown as { answeredRead(entry: JournalEntry): unknown; everyRule(entry: JournalEntry): unknown };
  inside.answeredRead = (entry) => inside.everyRule(entry);
  return book;
}

describe('sandbox: findings routed by what an answered read is', () => {
  it('finds what asking every rule finds, for any traffic and webhook deliveries', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let now = Date.parse('2026-11-27T00:00:00Z');
        const routed = new FindingsBook(() => now);
        const unrouted = unroutedBook(() => now);
        steps.forEach((one, index) => {
          now += one.wait;
          for (const book of [routed, unrouted]) {
            if (one.kind === 'event') book.event(eventOf(index, one.state));
            else book.exchange(entryOf(index + 1, one));
          }
        });
        assert.deepEqual(routed.list(), unrouted.list());
      }),
      { numRuns: 1000 },
    );
  });

  it('tells answered reads apart from the rest, as the check above needs to mean anything', () => {
    const routed = new FindingsBook(() => 0);
    const inside = routed as unknown as { answeredRead(entry: JournalEntry): unknown };
    let routedReads = 0;
    const answeredRead = inside.answeredRead.bind(routed);
    inside.answeredRead = (entry) => {
      routedReads++;
      return answeredRead(entry);
    };
    const read: Step = {
      kind: 'exchange',
      method: 'GET',
      path: '/v1/users/balance',
      query: '',
      status: 200,
      response: RESPONSES[0]!,
      body: '',
      wait: 0,
    };
    routed.exchange(entryOf(1, read));
    routed.exchange(entryOf(2, { ...read, status: 401 }));
    routed.exchange(entryOf(3, { ...read, method: 'POST' }));
    assert.equal(routedReads, 1);
  });
});
