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

  it('shows a money finding in naira: its title says the money at stake, its tooltip what landed; the most at stake first', () => {
    const landed = [
      { requestId: 4, reference: '6b0200000000000000000004', amount: 400_000 },
      { requestId: 5, reference: '6b0200000000000000000005', amount: 400_000 },
    ];
    const rows = findingRows([
      finding(1, { severity: 'error', rule: 'retried-money-post', landed: landed.slice(0, 1), atRiskKobo: 0, requestIds: [2, 3] }),
      finding(2, {
        severity: 'error',
        rule: 'retried-money-post',
        title: 'POST /v1/users/transfers/bank sent again — ₦4,000.00 paid twice',
        landed,
        atRiskKobo: 400_000,
        requestIds: [4, 5],
      }),
      finding(3, { severity: 'error', rule: 'secret-in-url' }),
    ]);
    assert.deepEqual(
      rows.map((row) => row.id),
      ['fnd_2', 'fnd_3', 'fnd_1'],
      'the most money at stake first, then newest',
    );
    assert.equal(rows[0]?.label, 'POST /v1/users/transfers/bank sent again — ₦4,000.00 paid twice');
    assert.equal(rows[0]?.description, 'retried-money-post');
    assert.match(
      rows[0]?.tooltip ?? '',
      /\n₦4,000\.00 paid more than once: 2 transfers landed \(6b0200000000000000000004 \(₦4,000\.00\), 6b0200000000000000000005 \(₦4,000\.00\)\)\n/,
    );
    assert.equal(rows[2]?.description, 'retried-money-post');
    assert.match(rows[2]?.tooltip ?? '', /\n1 transfer landed: 6b0200000000000000000004 \(₦4,000\.00\)\n/);
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

  it('says what moved for a money finding: each transfer the ledger shows landed, and the naira paid more than once', () => {
    const landed = [
      { requestId: 4, reference: '6b0200000000000000000004', amount: 4_000 },
      { requestId: 5, reference: '6b0200000000000000000005', amount: 4_000 },
    ];
    const page = renderFindingPage(
      finding(2, { severity: 'error', rule: 'retried-money-post', landed, atRiskKobo: 4_000 }),
      { lines: [], notes: [] },
      {
        environment: 'Local sandbox',
      },
    );
    const text = page.body.value;
    assert.ok(text.includes('What moved (the ledger)'));
    assert.ok(text.includes('₦40.00 paid more than once: 2 transfers landed'));
    assert.ok(text.includes('<span class="mono">6b0200000000000000000005</span> · ₦40.00 · request 5'));
    const plain = renderFindingPage(finding(3, { rule: 'token-churn' }), { lines: [], notes: [] }, { environment: 'Local sandbox' }).body
      .value;
    assert.ok(!plain.includes('What moved'), 'only money findings');
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
