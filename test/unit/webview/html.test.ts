import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Transaction } from '../../../src/api';
import { escapeHtml, html } from '../../../src/webview/html/escape';
import { contentSecurityPolicy, createNonce, renderDocument, type PageResources } from '../../../src/webview/html/shell';
import { renderErrorPage } from '../../../src/webview/html/statusPages';
import { describeTransaction, MAX_EXTRA_FIELDS } from '../../../src/webview/html/transactionDetail';
import { renderTransactionPage } from '../../../src/webview/html/transactionPage';
import { renderVerifyPage } from '../../../src/webview/html/verificationPage';
import { describeEvent, eventLive, renderEventPage, type WebhookEventView } from '../../../src/webview/html/eventPage';
import { webhookEvent } from '../support/webhookEvent';

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(1)</script>',
  `"'><svg onload=alert(1)>`,
  '`${alert(1)}`',
  '&amp; &lt;',
];

const resources: PageResources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'bm9uY2Utbm9uY2Utbm9uY2Ut',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/webview.css',
  codiconsUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/dist/codicon.css',
};

const context = { environment: 'Local sandbox', wallet: '2348000000000' };

function transaction(overrides: Record<string, unknown> = {}): Transaction {
  return {
    _id: '5f1a2b3c4d5e6f7a8b9c0d1e',
    amount: 150050,
    reference: '5f1a2b3c4d5e6f7a8b9c0d1e',
    type: 'bank',
    recipient: { accountNumber: '2079151995', accountName: 'DAMBATTA MARYAM LAMI', bankCode: '000014', bankName: 'ACCESS BANK' },
    createdAt: '2021-03-04T10:20:30.000Z',
    updatedAt: '2021-03-04T10:21:00.000Z',
    ...overrides,
  } as Transaction;
}

function page(tx: Transaction): string {
  return renderDocument(resources, renderTransactionPage(describeTransaction(tx, 'en-GB'), context));
}

/** Every tag in the output: with all data escaped, each one is ours. */
function tags(document: string): string[] {
  return document.match(/<[^>]*>/g) ?? [];
}

const ALLOWED_TAGS = new Set([
  '!DOCTYPE',
  'html',
  'head',
  'meta',
  'link',
  'title',
  'body',
  'main',
  'script',
  'header',
  'p',
  'h1',
  'h2',
  'h3',
  'pre',
  'span',
  'div',
  'button',
  'section',
  'dl',
  'dt',
  'dd',
  'time',
  'form',
  'label',
  'input',
  'select',
  'option',
  'ul',
  'li',
]);

function assertOnlyOurMarkup(document: string): void {
  for (const tag of tags(document)) {
    const name = /^<\/?([!A-Za-z][A-Za-z0-9-]*)/.exec(tag)?.[1];
    assert.ok(name && ALLOWED_TAGS.has(name), `unexpected tag ${tag}`);
    assert.doesNotMatch(tag, /\s(on[a-z]+|style|srcdoc|formaction)\s*=/i, `an event-handler or style attribute in ${tag}`);
  }
  assert.equal(document.match(/<script\b/g)?.length, 1, 'exactly one script element');
}

describe('webview/html', () => {
  describe('escapeHtml', () => {
    it('escapes the characters that matter in content and quoted attributes', () => {
      assert.equal(escapeHtml(`<a href="x" title='y'>&\``), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;');
    });

    it('leaves no markup character behind, and decodes back to the input', () => {
      const decode = (text: string) =>
        text.replace(
          /&(lt|gt|quot|#39|#96|amp);/g,
          (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`', amp: '&' })[name] ?? '',
        );
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (text) => {
          const escaped = escapeHtml(text);
          assert.doesNotMatch(escaped, /[<>"'`]/);
          assert.equal(decode(escaped), text);
        }),
      );
    });

    it('the html tag escapes values, keeps SafeHtml, joins arrays and drops false/null/undefined', () => {
      const inner = html`<b>${'<i>'}</b>`;
      assert.equal(
        html`<p title="${'"x"'}">${inner}${['<', html`<br>`]}${false}${null}${undefined}${0}</p>`.value,
        '<p title="&quot;x&quot;"><b>&lt;i&gt;</b>&lt;<br>0</p>',
      );
    });
  });

  describe('Content Security Policy', () => {
    it('is exactly the strict policy', () => {
      assert.equal(
        contentSecurityPolicy('https://x.vscode-cdn.net', 'abc123'),
        "default-src 'none'; style-src https://x.vscode-cdn.net; script-src 'nonce-abc123'; img-src https://x.vscode-cdn.net; font-src https://x.vscode-cdn.net",
      );
    });

    it('is in the page, with the nonce on the only script, which comes from media', () => {
      const document = page(transaction());
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(document);
      assert.ok(meta, 'the CSP meta tag is present');
      assert.equal(
        meta[1]!.replace(/&#39;/g, "'"),
        contentSecurityPolicy(resources.cspSource, resources.nonce),
        'the attribute decodes to the policy',
      );
      assert.doesNotMatch(document, /unsafe-inline|unsafe-eval|https?:\/\/(?!file\+\.vscode-resource)/);
      const scripts = [...document.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      assert.equal(scripts.length, 1);
      assert.equal(scripts[0]![1], ` nonce="${resources.nonce}" src="${resources.scriptUri}"`);
      assert.equal(scripts[0]![2], '', 'no inline script');
      assert.match(document, new RegExp(`<link rel="stylesheet" href="${resources.styleUri.replace(/[.+]/g, '\\$&')}">`));
      assert.match(
        document,
        new RegExp(`<link rel="stylesheet" href="${resources.codiconsUri.replace(/[.+]/g, '\\$&')}">`),
        "codicons from media, like VS Code's own icons",
      );
      assert.doesNotMatch(document, /<style|\sstyle=/i, 'no inline styles');
    });

    it('makes a fresh, long, CSP-safe nonce each time', () => {
      const nonces = new Set(Array.from({ length: 200 }, () => createNonce()));
      assert.equal(nonces.size, 200);
      for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9+/]{24}$/);
    });
  });

  describe('transaction detail', () => {
    it('shows every field: naira with kobo, type, reference, dates in the locale, the account number in full', () => {
      const detail = describeTransaction(transaction({ fee: 2500, channel: 'api' }), 'en-GB');
      assert.equal(detail.amountText, '₦1,500.50');
      assert.equal(detail.amountTitle, '150,050 kobo');
      const summary = Object.fromEntries(detail.summary.map((field) => [field.label, field.value]));
      assert.equal(summary.Type, 'Bank transfer (bank)');
      assert.equal(summary.Reference, '5f1a2b3c4d5e6f7a8b9c0d1e');
      assert.equal(
        summary.Created,
        new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date('2021-03-04T10:20:30.000Z')),
      );
      const recipient = Object.fromEntries(detail.recipient.map((field) => [field.label, field.value]));
      assert.deepEqual(recipient, { Name: 'DAMBATTA MARYAM LAMI', Bank: 'ACCESS BANK (000014)', 'Account number': '2079151995' });
      assert.deepEqual(
        detail.extra.map((field) => [field.label, field.value]),
        [
          ['fee', '2500'],
          ['channel', 'api'],
        ],
      );
      const document = page(transaction());
      assert.ok(document.includes('2079151995'), 'one record opened on purpose shows its account number in full (masking/masking.ts)');
      assert.match(document, /<time datetime="2021-03-04T10:20:30.000Z">/);
      assert.match(document, /title="150,050 kobo"/);
    });

    it('shows the kobo amount and the exact timestamps as text, not only on hover (keyboard, screen reader)', () => {
      const document = page(transaction());
      assert.match(document, /<dd>₦1,500.50<span class="exact">150,050 kobo<\/span><\/dd>/);
      assert.match(document, /<time datetime="2021-03-04T10:20:30.000Z">[^<]+<\/time><span class="exact">2021-03-04T10:20:30.000Z<\/span>/);
      assert.match(document, /<span class="exact">2021-03-04T10:21:00.000Z<\/span>/);
      assert.doesNotMatch(document, /<dd[^>]* title=/, 'no hover-only value in the field list');
    });

    it('writes a phone recipient as people read it, the API form under it (issue 25: one mobile format)', () => {
      const detail = describeTransaction(transaction({ type: 'phone', recipient: { mobile: '2348031234567', name: 'ADA' } }), 'en-GB');
      const mobile = detail.recipient.find((field) => field.label === 'Mobile');
      assert.deepEqual(mobile, { label: 'Mobile', value: '0803 123 4567', mono: true, exact: '2348031234567' });
      const odd = describeTransaction(transaction({ type: 'phone', recipient: { mobile: '12345' } }), 'en-GB');
      assert.deepEqual(
        odd.recipient.find((field) => field.label === 'Mobile'),
        { label: 'Mobile', value: '12345', mono: true },
        'a value that is no Nigerian mobile is shown as sent, once',
      );
    });

    it('marks the type and every button with a codicon, as the tree does, without trusting the type text', () => {
      assert.equal(describeTransaction(transaction(), 'en-GB').typeIcon, 'credit-card');
      assert.equal(describeTransaction(transaction({ type: 'vtu' }), 'en-GB').typeIcon, 'radio-tower');
      assert.equal(
        describeTransaction(transaction({ type: '"><img src=x>' }), 'en-GB').typeIcon,
        'circle-outline',
        'an unknown type gets a neutral icon',
      );
      assert.equal(describeTransaction(transaction({ type: 'constructor' }), 'en-GB').typeIcon, 'circle-outline', 'no prototype lookups');
      const document = page(transaction());
      assert.match(document, /<span class="badge"><span class="codicon codicon-credit-card" aria-hidden="true"><\/span>/);
      const buttons = [...document.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)];
      assert.ok(buttons.length >= 4);
      for (const [, content] of buttons)
        assert.match(content!, /^<span class="codicon codicon-[a-z-]+" aria-hidden="true"><\/span>\S/, 'an icon, then a text label');
    });

    it('offers "Verify this recipient" on a bank transfer only, with its bank and number', () => {
      const bank = describeTransaction(transaction(), 'en-GB');
      assert.deepEqual(bank.verifyRecipient, { bankCode: '000014', accountNumber: '2079151995' });
      const document = page(transaction());
      assert.match(document, /data-action="verify-recipient"[^>]*>.*Verify this recipient<\/button>/);
      assert.doesNotMatch(document, /navigate-verify/, 'no generic "Verify a bank account" beside it');
      for (const other of [
        transaction({ type: 'phone', recipient: { mobile: '2348031234567', name: 'ADA' } }),
        transaction({ type: 'bills', recipient: { metadata: { billerName: 'ikedc', billCustomerID: '0123456789' } } }),
        transaction({ recipient: { accountNumber: '12', bankCode: 'x' } }),
      ]) {
        assert.equal(describeTransaction(other, 'en-GB').verifyRecipient, undefined);
        assert.doesNotMatch(page(other), /verify-recipient|navigate-verify/, `no verify button on ${other.type}`);
      }
    });

    it('shows bill metadata and unknown recipient fields', () => {
      const detail = describeTransaction(
        transaction({
          type: 'bills',
          recipient: { metadata: { billerName: 'mtn', billCustomerID: '2347030000000', billType: 'vtu', plan: { id: 3 } }, note: 'x' },
        }),
        'en',
      );
      assert.deepEqual(
        detail.recipient.map((field) => [field.label, field.value]),
        [
          ['Biller', 'MTN'],
          ['Customer ID', '2347030000000'],
          ['Bill type', 'vtu'],
        ],
      );
      assert.deepEqual(
        detail.extra.map((field) => [field.label, field.value]),
        [
          ['recipient.note', 'x'],
          ['recipient.metadata.plan', '{"id":3}'],
        ],
      );
    });

    it('never throws on odd values and caps what it draws', () => {
      const many = Object.fromEntries(Array.from({ length: MAX_EXTRA_FIELDS + 5 }, (_, index) => [`f${index}`, index]));
      const detail = describeTransaction(
        transaction({ amount: 'lots', createdAt: 'yesterday', recipient: 'nobody', ...many, long: 'y'.repeat(10_000) }),
        'not a locale!!',
      );
      assert.equal(detail.amountText, '₦—');
      assert.equal(detail.summary.find((field) => field.label === 'Created')?.value, 'yesterday');
      assert.equal(detail.extra.length, MAX_EXTRA_FIELDS);
      assert.equal(detail.extraOmitted, 7);
      assert.ok(detail.extra.every((field) => field.value.length <= 500));
    });

    it('shows hostile strings as text, in content and in attributes', () => {
      for (const hostile of HOSTILE) {
        const tx = transaction({
          type: hostile,
          recipient: { accountName: hostile, bankName: hostile, bankCode: hostile, metadata: { billerName: hostile }, [hostile]: hostile },
          [hostile]: hostile,
          createdAt: hostile,
        });
        const document = page(tx);
        assertOnlyOurMarkup(document);
        assert.ok(document.includes(escapeHtml(hostile)), `the escaped form of ${hostile} is shown`);
        if (/[<>]/.test(hostile)) assert.ok(!document.includes(hostile), `the raw ${hostile} is not in the page`);
      }
      const document = page(transaction({ recipient: { accountName: '<img src=x onerror=alert(1)>' } }));
      assert.ok(document.includes('&lt;img src=x onerror=alert(1)&gt;'));
      assert.ok(!document.includes('<img'));
    });

    it('any record with any strings gives only our markup', () => {
      const value = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...HOSTILE), fc.integer(), fc.jsonValue());
      fc.assert(
        fc.property(
          fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...HOSTILE)), value),
          fc.dictionary(fc.string(), value),
          (top, recipient) => {
            assertOnlyOurMarkup(page(transaction({ ...top, recipient })));
          },
        ),
        { numRuns: 200 },
      );
    });
  });

  describe('other pages', () => {
    it('the verification page escapes bank names and never shows a full account number', () => {
      const hostile = HOSTILE[0]!;
      const document = renderDocument(
        resources,
        renderVerifyPage(
          {
            banks: [{ bankCode: '000014', bankName: hostile }],
            recent: [{ bankName: hostile, bankCode: '000014', maskedAccount: '******1995', accountName: hostile, at: 0 }],
            backLabel: `Back to event ${hostile}`,
          },
          context,
        ),
      );
      assertOnlyOurMarkup(document);
      assert.ok(document.includes(`data-action="back">`), 'a way back');
      assert.ok(document.includes(`Back to event ${escapeHtml(hostile)}</button>`), 'its words as text');
      assert.ok(document.includes(`<option value="000014">${escapeHtml(hostile)} · 000014</option>`));
      assert.ok(document.includes('******1995'));
      assert.ok(!document.includes(hostile));
    });

    it('the verification page starts filled in with a prefill: the bank chosen, the number typed', () => {
      const banks = [
        { bankCode: '000013', bankName: 'GUARANTY TRUST BANK' },
        { bankCode: '000014', bankName: 'ACCESS BANK' },
      ];
      const document = renderDocument(
        resources,
        renderVerifyPage({ banks, recent: [], prefill: { bankCode: '000014', accountNumber: '2079151995' } }, context),
      );
      assert.ok(document.includes('<option value="000014" selected>ACCESS BANK · 000014</option>'));
      assert.ok(document.includes('<option value="000013">GUARANTY TRUST BANK · 000013</option>'));
      assert.match(document, /<input id="account"[^>]* value="2079151995"/);
      const empty = renderDocument(resources, renderVerifyPage({ banks, recent: [] }, context));
      assert.doesNotMatch(empty, / selected>|<input id="account"[^>]* value=/);
    });

    it('the error page shows the message as text', () => {
      const document = renderDocument(
        resources,
        renderErrorPage('t', 'Could not load', `The wallet API refused the request: ${HOSTILE[1]}`, context),
      );
      assertOnlyOurMarkup(document);
      assert.ok(document.includes(escapeHtml(HOSTILE[1]!)));
    });
  });
});

describe('webview: the webhook event page', () => {
  it('shows the payload and every attempt’s answer, hostile strings as text', () => {
    for (const hostile of HOSTILE) {
      const event = webhookEvent(
        {
          url: `http://127.0.0.1/${hostile}`,
          state: 'retrying',
          attempts: [
            { number: 1, at: '2026-11-22T10:00:00.000Z', status: 500, durationMs: 12, excerpt: hostile },
            { number: 2, at: '2026-11-22T10:01:00.000Z', status: 0, durationMs: 5000, error: hostile, excerpt: '' },
          ],
        },
        { transactionReference: hostile, note: hostile },
      );
      const document = renderDocument(resources, renderEventPage(describeEvent(event, 'en-GB'), context));
      assert.ok(!document.includes(hostile) || !/[<>"'`]/.test(hostile), `"${hostile}" is escaped`);
      assert.ok(document.includes(escapeHtml(hostile)), 'and still shown');
      assertOnlyOurMarkup(document);
      assert.match(document, /Attempt 1/);
      assert.match(document, /Attempt 2/);
      assert.match(document, /no answer/);
      assert.match(document, /data-action="redeliver"/);
    }
  });

  it('pretty-prints the payload and says when no attempt was made yet', () => {
    const event = webhookEvent({ state: 'pending', attempts: [], nextAttemptAt: '2026-11-22T10:00:00.000Z' });
    const document = renderDocument(resources, renderEventPage(describeEvent(event, 'en-GB'), context));
    assert.ok(document.includes(escapeHtml(JSON.stringify(event.payload, null, 2))));
    assert.match(document, /No attempt yet/);
    assert.match(document, /Next attempt/);
  });

  it('lists the attempts newest first, as the Events view does, and says so', () => {
    const event = webhookEvent({
      state: 'delivered',
      attempts: [
        { number: 1, at: '2026-11-22T10:00:00.000Z', status: 500, durationMs: 12, excerpt: 'answer-one' },
        { number: 2, at: '2026-11-22T10:01:00.000Z', status: 503, durationMs: 9, excerpt: 'answer-two' },
        { number: 3, at: '2026-11-22T10:02:00.000Z', status: 200, durationMs: 4, excerpt: 'answer-three' },
      ],
    });
    const document = renderDocument(resources, renderEventPage(describeEvent(event, 'en-GB'), context));
    assert.match(document, /<h2 id="attempts-heading">Attempts, newest first \(3\)<\/h2>/);
    const order = [...document.matchAll(/<h3 id="attempt-(\d+)">/g)].map((match) => match[1]);
    assert.deepEqual(order, ['3', '2', '1']);
    const at = (text: string) => document.indexOf(text);
    assert.ok(at('answer-three') < at('answer-two') && at('answer-two') < at('answer-one'), 'each answer under its attempt');
    assert.deepEqual(
      eventLive(describeEvent(event, 'en-GB')).attempts.map((attempt) => attempt.number),
      [3, 2, 1],
      'the in-place update keeps the same order',
    );
    assert.equal(eventLive(describeEvent(event, 'en-GB')).attempts[0]?.announcement, 'Attempt 3: 200');
  });

  it('marks an event sent by Trigger Test Event as a test, plainly; a real one is not', () => {
    const test: WebhookEventView = { ...webhookEvent(), test: true };
    const document = renderDocument(resources, renderEventPage(describeEvent(test, 'en-GB'), context));
    assert.match(document, /codicon-beaker[^>]*><\/span>Test event<\/span>/, 'a badge beside the type');
    assert.match(document, /A test event \(Trigger Test Event, .*\): the integration review makes no finding of it\./);
    assert.equal(describeEvent(test).title, `Test event ${test.id}`);
    assertOnlyOurMarkup(document);

    for (const real of [webhookEvent(), { ...webhookEvent(), test: false }]) {
      const page = renderDocument(resources, renderEventPage(describeEvent(real, 'en-GB'), context));
      assert.doesNotMatch(page, /Test event|no money moved|beaker/);
      assert.equal(describeEvent(real).title, `Event ${real.id}`);
    }
  });
});
