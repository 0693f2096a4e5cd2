import * as assert from 'node:assert/strict';
import { MONEY_WORDS } from '../../../src/common/moneyWords';
import { recordFromTransport } from '../../../src/requests/capture';
import { findingStory } from '../../../src/requests/findingStory';
import type { RequestRecord } from '../../../src/requests/requestRecord';
import type { PublicWebhookEvent } from '../../../src/sandbox';
import { renderFindingPage } from '../../../src/webview/html/findingPage';
import type { Finding } from '../../../src/sandbox/findings/finding';

// Issue 55: a finding page's "What happened" says what this app did, from the records of the
// requests and events the finding names (the call, the amount, the recipient, the answer; an
// event's URL and attempts), not the rule's text again.

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IkEifQ.c2lnbmF0dXJlc2lnbmF0dXJl';

/** A record as the Requests view holds it (masked); the story looks it up by the finding's id. */
function record(second: number, path: string, body: string, status: number, answer: string): RequestRecord {
  return recordFromTransport('local', {
    method: 'POST',
    baseUrl: 'http://127.0.0.1:4010',
    path,
    query: '',
    requestHeaders: { 'X-App-Key': 'sk_test_0123456789abcdef0123456789abcdef', 'X-App-Wallet-Access-Token': TOKEN },
    requestBody: body,
    status,
    responseHeaders: {},
    responseBody: answer,
    startedAt: Date.UTC(2026, 2, 2, 9, 0, second),
    durationMs: 4,
  });
}

const RECORDS = new Map<number, RequestRecord>([
  [
    7,
    record(
      7,
      '/v1/users/transfers/phone',
      '{"mobile":"2349090000000","amount":150050}',
      503,
      '{"success":false,"error":"down","errorCode":"50009"}',
    ),
  ],
  [
    8,
    record(
      8,
      '/v1/users/transfers/phone',
      'mobile=2349090000000&amount=150050',
      200,
      '{"success":true,"data":{"transaction":{"reference":"r1","amount":150050}}}',
    ),
  ],
  [
    9,
    record(
      9,
      '/v1/users/transfers/bank',
      '{"accountName":"A B","accountNumber":"1000000002","bankCode":"000014","amount":4000}',
      200,
      '{"success":true,"data":{"transaction":{"amount":4000,"transactionReference":"5ec5","statusCode":"000002"}}}',
    ),
  ],
  [10, record(10, '/v1/users/payments/bills/vtu', '{"mobile":"2348030000000","amount":10000,"provider":"mtn"}', 0, '')],
]);

const EVENT = {
  id: 'evt_1',
  type: 'BANK_TRANSFER',
  appId: 'app_1',
  url: 'http://shop:secret@127.0.0.1:3000/webhooks/wallet',
  createdAt: '2026-03-02T09:00:00.000Z',
  state: 'retrying',
  nextAttemptAt: '2026-03-02T09:01:00.000Z',
  payload: {
    payload: { message: 'SUCCESS', type: 'BANK_TRANSFER', data: { amount: 4000, transactionReference: '5ec5', statusCode: '000002' } },
  },
  attempts: [1, 2, 3, 4].map((number) => ({
    number,
    at: '2026-03-02T09:00:00.000Z',
    status: number === 4 ? 0 : 500,
    durationMs: 12,
    error: number === 4 ? 'ECONNREFUSED' : undefined,
  })),
} as unknown as PublicWebhookEvent;

const story = (requestIds: number[], eventIds: string[] = []) =>
  findingStory(
    { requestIds, eventIds },
    (id) => RECORDS.get(id),
    (id) => (id === EVENT.id ? EVENT : undefined),
    'en-GB',
  );

describe('a finding page: what this app did (issue 55)', () => {
  it('says each request: the call, the amount in naira and kobo, the recipient and the answer', () => {
    const { lines } = story([7, 8, 9, 10, 11]);
    assert.deepEqual(
      lines.map((line) => line.text && `${line.call} · ${line.text.replace(/^\d\d:\d\d:\d\d · /, '')}`),
      [
        'POST /v1/users/transfers/phone · ₦1,500.50 (150,050 kobo) to 0909 000 0000 · answered 503, errorCode 50009',
        'POST /v1/users/transfers/phone · ₦1,500.50 (150,050 kobo) to 0909 000 0000 · answered 200',
        'POST /v1/users/transfers/bank · ₦40.00 (4,000 kobo) to account ******0002, bank 000014 · answered 200, statusCode 000002',
        'POST /v1/users/payments/bills/vtu · ₦100.00 (10,000 kobo) to 0803 000 0000 · no answer came',
        undefined,
      ],
    );
    assert.deepEqual(lines.at(-1), { kind: 'request', id: '11' }, 'a request no longer held is named by its id');
    for (const line of lines)
      assert.ok(!`${line.call} ${line.text}`.includes('sk_test_') && !`${line.call} ${line.text}`.includes(TOKEN), 'no secret');
  });

  it('says what the answers mean in the one voice on money: a 5xx, no answer, 000002', () => {
    assert.deepEqual(story([7, 8]).notes, [MONEY_WORDS.fiveXx]);
    assert.deepEqual(story([9]).notes, [MONEY_WORDS.pending]);
    assert.deepEqual(story([10]).notes, [MONEY_WORDS.noAnswer]);
    assert.deepEqual(story([8]).notes, [], 'a 200 without statusCode needs no note');
  });

  it('says each event: its type, amount, reference, the URL it went to (credentials masked) and its last attempts', () => {
    const [line] = story([], ['evt_1', 'evt_gone']).lines;
    assert.equal(
      line?.text,
      'Bank transfer · ₦40.00 (4,000 kobo) · reference 5ec5 · sent to http://[masked]@127.0.0.1:3000/webhooks/wallet · ' +
        'attempt 2: 500 after 12 ms; attempt 3: 500 after 12 ms; attempt 4: no answer (ECONNREFUSED) after 12 ms',
    );
    assert.deepEqual(story([], ['evt_gone']).lines, [{ kind: 'event', id: 'evt_gone' }]);
  });

  it('puts them under "What happened", each with the button that opens its page, instead of the rule’s words', () => {
    const found: Finding = {
      id: 'fnd_1',
      rule: 'retried-money-post',
      severity: 'error',
      title: 'POST /v1/users/transfers/phone sent again with the same body after its first attempt was answered 503, without a requery',
      detail: 'The first attempt may have moved the money: a retry can pay twice.',
      requestIds: [7, 8],
      eventIds: [],
      docs: 'https://example.invalid',
      at: '2026-03-02T09:00:01.000Z',
    };
    const page = renderFindingPage(found, story(found.requestIds), { environment: 'Local sandbox' }).body.value;
    const happened = page.slice(page.indexOf('What happened'), page.indexOf('Why it costs money'));
    assert.match(
      happened,
      /data-action="open-request" data-id="7">Request 7<\/button> <span class="mono">POST \/v1\/users\/transfers\/phone<\/span> · \d\d:\d\d:\d\d · ₦1,500\.50/,
    );
    assert.match(happened, /answered 503, errorCode 50009/);
    assert.ok(happened.includes(MONEY_WORDS.fiveXx.slice(0, 60)), 'the note on the 5xx');
    assert.ok(!page.includes(found.detail), 'not the rule’s text again');
  });
});
