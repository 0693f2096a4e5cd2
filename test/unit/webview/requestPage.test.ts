import * as assert from 'node:assert/strict';
import type { JournalEntry } from '../../../src/sandbox';
import { recordOfEntry } from '../../../src/requests/maskedRecord';
import { prettyBody, renderRequestPage } from '../../../src/webview/html/requestPage';

// The request page: hostile strings render as text, JSON is pretty-printed, secrets stay masked.

function entry(overrides: Partial<JournalEntry>): JournalEntry {
  const userAgent = '<img src=x onerror=alert(1)>';
  const responseBody = JSON.stringify({ success: true, data: { transaction: { reference: 'abc', accountNumber: '2079151995' } } });
  const requestBody = JSON.stringify({ accountNumber: '2079151995', amount: 150000, note: '</pre><script>alert(1)</script>' });
  return {
    id: 1,
    method: 'POST',
    path: '/v1/users/transfers/bank',
    query: '',
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody,
    responseBodySize: responseBody.length,
    requestHeaders: ['X-App-Key', 'sk_test_0123456789abcdef', 'User-Agent', userAgent],
    headers: { 'x-app-key': 'sk_test_0123456789abcdef', 'user-agent': userAgent },
    userAgent,
    remoteAddress: '127.0.0.1',
    requestBody,
    requestBodySize: requestBody.length,
    at: Date.UTC(2026, 0, 2, 3, 4, 5),
    durationMs: 12,
    ...overrides,
  };
}

describe('webview: the request page', () => {
  const record = recordOfEntry(entry({}), 'http://127.0.0.1:4010');
  const page = renderRequestPage({ record, sender: record.userAgent, locale: 'en-GB' }, { environment: 'Local sandbox' });
  const text = page.body.value;

  it('escapes what the client sent and shows no secret or full account number', () => {
    assert.ok(!text.includes('<script>alert'), 'the body is text');
    assert.ok(!text.includes('<img src=x'), 'the user agent is text');
    assert.ok(text.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(!text.includes('sk_test_0123456789abcdef'));
    assert.ok(!text.includes('2079151995'));
    assert.ok(text.includes('******1995'));
    assert.equal(page.kind, 'request');
  });

  it('pretty-prints JSON bodies and offers the three snippets and Replay', () => {
    assert.ok(text.includes('&quot;amount&quot;: 150000'), 'two-space JSON');
    for (const action of ['copy-curl', 'copy-fetch', 'copy-python', 'replay']) assert.ok(text.includes(`data-action="${action}"`), action);
    assert.equal(prettyBody('not json'), 'not json');
  });

  it('turns Replay off (with the reason) for production', () => {
    const off = renderRequestPage({ record, sender: 'x', replayOff: 'Not in production.' }, { environment: 'Production' }).body.value;
    assert.match(off, /data-action="replay" disabled aria-describedby="replay-off"/);
    assert.ok(off.includes('Not in production.'));
  });
});
