import * as assert from 'node:assert/strict';
import { badgeTooltip, findingRows } from '../../../src/requests/findingRows';
import type { Finding } from '../../../src/sandbox/findings/finding';
import { RULE_GUIDE } from '../../../src/sandbox/findings/ruleGuide';
import { renderFindingPage } from '../../../src/webview/html/findingPage';

// The Findings view's rows (src/views/findingsView.ts draws these) and the finding page.

function finding(id: number, fields: Partial<Finding>): Finding {
  return {
    id: `fnd_${id}`,
    rule: 'token-churn',
    severity: 'info',
    title: `title ${id}`,
    detail: 'detail',
    requestIds: [],
    eventIds: [],
    docs: 'https://example.invalid/docs',
    at: '2026-03-02T09:00:00.000Z',
    ...fields,
  };
}

describe('Findings view rows', () => {
  it('puts errors first, then warnings, then info, each newest first', () => {
    const rows = findingRows([
      finding(1, { severity: 'info' }),
      finding(2, { severity: 'error', rule: 'secret-in-url' }),
      finding(3, { severity: 'warning', rule: 'unverified-recipient' }),
      finding(4, { severity: 'error', rule: 'retried-money-post' }),
    ]);
    assert.deepEqual(
      rows.map((row) => [row.id, row.severity]),
      [
        ['fnd_4', 'error'],
        ['fnd_2', 'error'],
        ['fnd_3', 'warning'],
        ['fnd_1', 'info'],
      ],
    );
  });

  it('shows the title as the label, the rule as the description, and what it involved in the tooltip', () => {
    const [row] = findingRows([
      finding(7, { severity: 'error', rule: 'retried-money-post', title: 'POST /v1/users/transfers/phone sent again', requestIds: [4, 5] }),
    ]);
    assert.equal(row?.label, 'POST /v1/users/transfers/phone sent again');
    assert.equal(row?.description, 'retried-money-post');
    assert.equal(row?.tooltip, 'Error · retried-money-post\nPOST /v1/users/transfers/phone sent again\nrequests 4, 5');
  });

  it('masks a secret-shaped run in a title, whatever the rule put there', () => {
    const [row] = findingRows([finding(1, { title: 'sent with key pk_live_abcdefgh12345678 in the query' })]);
    assert.ok(!row?.label.includes('pk_live_abcdefgh12345678'), row?.label);
    assert.ok(!row?.tooltip.includes('pk_live_abcdefgh12345678'), row?.tooltip);
  });

  it('says what the badge counts', () => {
    assert.match(badgeTooltip(1), /^1 finding: /);
    assert.match(badgeTooltip(3), /^3 findings: /);
  });
});

describe('finding page', () => {
  it("shows the rule's why, fix and how to silence it, and a button per request and event", () => {
    const page = renderFindingPage(
      finding(2, { severity: 'error', rule: 'retried-money-post', requestIds: [4, 5], eventIds: ['evt_0123456789abcdef01234567'] }),
      {
        lines: [
          { kind: 'request', id: '4', call: 'POST /v1/users/transfers/phone', text: 'no answer came' },
          { kind: 'request', id: '5' },
          { kind: 'event', id: 'evt_0123456789abcdef01234567', text: 'Phone transfer · sent to http://127.0.0.1:3000/hook' },
        ],
        notes: [],
      },
      { environment: 'Local sandbox' },
    );
    const text = page.body.value;
    assert.equal(page.kind, 'finding');
    assert.ok(text.includes('A timeout or a 502 does not mean nothing happened.'), 'why, capitalised');
    assert.ok(text.includes(RULE_GUIDE['retried-money-post'].fix.slice(1, 60)), 'fix');
    assert.ok(text.includes('{ &quot;findings&quot;: { &quot;ignore&quot;: [&quot;retried-money-post&quot;] } }'), 'silence, escaped');
    assert.ok(text.includes('data-action="open-request" data-id="4"'), 'request 4 opens');
    assert.ok(!text.includes('data-id="5"'), 'request 5 is gone from the history: no button');
    assert.ok(text.includes('data-action="open-event" data-id="evt_0123456789abcdef01234567"'), 'the event opens');
  });

  it('escapes what the sandbox wrote and renders backticks as code', () => {
    const page = renderFindingPage(
      finding(1, { rule: 'secret-in-url', title: '<img src=x onerror=alert(1)>' }),
      { lines: [], notes: [] },
      {
        environment: 'Local sandbox',
      },
    );
    assert.ok(!page.body.value.includes('<img'), 'no markup from a title');
    assert.ok(page.body.value.includes('<code>X-App-Key</code>'), 'the fix quotes the header as code');
  });
});
