// Issue 53 item 4 in the editor's words: the Events view's labels and the event page say which
// events were sent as copies at once, withheld, or older and out of order; the Check Webhook
// Handler page (and the CLI's table) shows the new cases, an advisory one as a note not counted.
import * as assert from 'node:assert/strict';
import { attemptCopies, eventDescription, eventStateLabel, eventTitle } from '../../../src/localSandbox/eventSummary';
import { reportLines, type WebhookCheckCase, type WebhookCheckReport } from '../../../src/sandbox';
import { describeEvent, renderEventPage } from '../../../src/webview/html/eventPage';
import { renderDocument, type PageResources } from '../../../src/webview/html/shell';
import { renderWebhookCheckPage } from '../../../src/webview/html/webhookCheckPage';
import { webhookEvent } from '../support/webhookEvent';

const resources: PageResources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'bm9uY2Utbm9uY2Utbm9uY2Ut',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/webview.css',
  codiconsUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/dist/codicon.css',
};
const context = { environment: 'Local sandbox', wallet: '2348000000000' };

const copies = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    at: '2026-11-22T10:00:00.000Z',
    status: 200,
    durationMs: 5 + index,
    excerpt: 'ok',
    copies: count,
  }));

describe('webhook disorder in the editor: labels and the event page', () => {
  it('names the message when it is not SUCCESS, an out-of-order event, a withheld one and copies sent at once', () => {
    const older = webhookEvent({ outOfOrderAfter: 'evt_newer' }, { statusCode: '000002' });
    older.payload.payload.message = 'PENDING';
    assert.equal(eventTitle(older), 'Bank transfer (older, sent out of order)');
    assert.equal(eventDescription(older), '6b032c4a98870cc2513fa67a · ₦1,500.50 · PENDING · delivered');
    assert.equal(eventTitle({ ...older, test: true }), 'Bank transfer (test event, older, sent out of order)');
    const withheld = webhookEvent({ state: 'withheld', attempts: [] });
    assert.equal(eventStateLabel(withheld.state), 'withheld, never sent');
    assert.equal(eventDescription(withheld), '6b032c4a98870cc2513fa67a · ₦1,500.50 · withheld, never sent');
    const reversal = webhookEvent({}, { statusCode: '000000' });
    reversal.payload.payload.message = 'FAILED';
    assert.match(eventDescription(reversal), /· FAILED · delivered$/);
    assert.equal(attemptCopies(copies(3)[0]!), 'one of 3 copies sent at once');
    assert.equal(attemptCopies({ number: 1, at: '', status: 200, durationMs: 1, excerpt: '' }), undefined);
  });

  it('the event page says what it was sent after, its message, and which attempts were copies', () => {
    const older = webhookEvent({ outOfOrderAfter: 'evt_0123456789abcdef0123aaaa', attempts: copies(3) });
    older.payload.payload.message = 'PENDING';
    const view = describeEvent(older, 'en-GB');
    assert.deepEqual(
      view.summary.filter((field) => ['Message', 'Older than, sent after'].includes(field.label)).map((field) => field.value),
      ['PENDING', 'evt_0123456789abcdef0123aaaa'],
    );
    assert.ok(view.attempts.every((attempt) => attempt.fields.some((field) => field.value === 'one of 3 copies sent at once')));
    const document = renderDocument(resources, renderEventPage(view, context));
    assert.match(document, /one of 3 copies sent at once/);
    const withheld = describeEvent(webhookEvent({ state: 'withheld', attempts: [] }), 'en-GB');
    assert.deepEqual([withheld.stateLabel, withheld.stateIcon], ['withheld, never sent', 'circle-outline']);
  });
});

describe('webhook disorder in the check’s report: the page and the CLI table', () => {
  const row = (name: WebhookCheckCase['name'], more: Partial<WebhookCheckCase> = {}): WebhookCheckCase => ({
    name,
    passed: true,
    status: 200,
    ms: 12,
    requeried: true,
    why: `${name}: fine`,
    ...more,
  });
  const report: WebhookCheckReport = {
    handlerUrl: 'http://127.0.0.1:3000/webhooks/wallet',
    passed: false,
    cases: [
      row('concurrent', { deliveries: 3, why: '3 copies of one event at once: requeried 3 times' }),
      row('out-of-order', { passed: false, status: 422, requeried: false }),
      row('reversal'),
      row('never-sent', { passed: false, status: 0, ms: 0, requeried: false, deliveries: 0, advisory: true }),
    ],
  };

  it('shows copies as "status ×n", a withheld event as "not sent", and an advisory row as a note left out of the count', () => {
    const document = renderDocument(resources, renderWebhookCheckPage(report, context));
    assert.match(document, /Copies of one event at once/);
    assert.match(document, /An older event after the newer one/);
    assert.match(document, /A reversal after the success/);
    assert.match(document, /An event that never comes/);
    assert.match(document, /<td class="mono">200 ×3<\/td>/);
    assert.match(document, /<td class="mono">not sent<\/td>/);
    assert.match(document, /<tr class="note">[\s\S]*?Note \(not counted\)/);
    assert.match(document, /Failed 1 of 3 cases\./, 'the note is not counted');
  });

  it('the CLI table: PASS, FAIL and NOTE, copies and nothing sent, and a verdict that counts the note apart', () => {
    const lines = reportLines(report);
    assert.match(lines[0]!, /^PASS {2}concurrent {7}HTTP 200 x3 {2}/);
    assert.match(lines[1]!, /^FAIL {2}out-of-order {5}HTTP 422 /);
    assert.match(lines[3]!, /^NOTE {2}never-sent {7}not sent {4}/);
    assert.equal(
      lines.at(-1),
      'The handler at http://127.0.0.1:3000/webhooks/wallet failed 1 of 3 cases. 1 note for the app (not counted).',
    );
    const clean = reportLines({ ...report, cases: [report.cases[0]!, report.cases[2]!] });
    assert.equal(clean.at(-1), 'The handler at http://127.0.0.1:3000/webhooks/wallet passed all 2 cases.');
  });
});
