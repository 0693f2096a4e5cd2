// Issue 55, "one voice on money": every hover, quick fix, snippet and generated webhook handler
// that speaks of a 5xx answer, an answer that never came or a pending transfer (000002) is held to
// the one source, src/common/moneyWords.ts: none says what it rules out (a 5xx "no money moved",
// 000002 "paid", no answer "failed"), and the surfaces that must speak say its words.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { moneyContradictions, MONEY_WORDS, normalize } from '../../../src/common/moneyWords';
import { analyzeText, problemsOf, type Problem } from '../../../src/endpointIntelligence/core/analyze';
import { buildCatalog } from '../../../src/endpointIntelligence/core/catalog';
import { completionEntries } from '../../../src/endpointIntelligence/core/completionEntries';
import { codeFindings } from '../../../src/endpointIntelligence/core/findings/codeFindings';
import { hoverMarkdown } from '../../../src/endpointIntelligence/core/hoverText';
import { MONEY_COMMANDS } from '../../../src/endpointIntelligence/core/moneyCommands';
import { sandboxHosts, type WalletContext } from '../../../src/endpointIntelligence/core/walletCall';
import { openApiDocument } from '../../../src/sandbox/vocabulary/openapiDocument';
import { codeFor, readWalletSnippets, type SnippetDialect } from '../../../src/snippets/library';
import { recordFromTransport } from '../../../src/requests/capture';
import { findingStory } from '../../../src/requests/findingStory';
import { FINDING_RULES, SEVERITY } from '../../../src/sandbox/findings/finding';
import { renderFindingPage } from '../../../src/webview/html/findingPage';
import { FRAMEWORKS } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { CAREFUL_AND_UNRELATED, NOT_THE_WALLET } from '../endpointIntelligence/corpus';

const REPO = path.resolve(__dirname, '../../../..');
const WALLET_SNIPPETS = readWalletSnippets(REPO);
const catalog = buildCatalog(openApiDocument());
const context: WalletContext = { hosts: sandboxHosts(4010) };
const DIALECTS: SnippetDialect[] = ['typescript', 'javascript', 'python', 'go', 'php'];

/** Does `text` say `words` (comment markers, line breaks and emphasis aside)? */
const says = (text: string, words: string) => normalize(text).includes(normalize(words));

/** Every hover: each endpoint, with each of its methods shown, in and out of the local sandbox. */
function hovers(): [string, string][] {
  return catalog.endpoints.flatMap((endpoint) =>
    endpoint.operations.flatMap((operation) =>
      [true, false].map((local): [string, string] => [
        `hover of ${operation.method} ${endpoint.path}${local ? ' (local)' : ''}`,
        hoverMarkdown(endpoint, catalog, { shown: operation.method, local }),
      ]),
    ),
  );
}

function problems(text: string): Problem[] {
  const uses = analyzeText(catalog, text, false, context);
  return [...problemsOf(uses), ...codeFindings(text, text.split('\n'), uses, { path: 'src/pay.ts', script: true })];
}

/** Applies each fix (from the last place back), as the quick fix does. */
function fixed(text: string): string {
  const lines = text.split('\n');
  for (const problem of problems(text)
    .filter((found) => found.replacement)
    .sort((a, b) => b.line - a.line || b.start - a.start)) {
    const line = lines[problem.line]!;
    lines[problem.line] = line.slice(0, problem.start) + problem.replacement + line.slice(problem.end);
  }
  return lines.join('\n');
}

const call = (path: string, method = 'GET') =>
  `  const res = await fetch(\`http://127.0.0.1:4010${path}\`, { method: '${method}', headers: { 'X-App-Key': key } });`;

/** Code reading `.status` after each kind of wallet call: the quick fixes' and the messages' texts. */
const CODE = {
  bankTransfer: [
    'async function pay() {',
    call('/v1/users/transfers/bank', 'POST'),
    '  const body = await res.json();',
    "  if (body.status === 'success') {",
    '    markPaid();',
    '  }',
    '}',
  ].join('\n'),
  bankTransferRefused: [
    'async function pay() {',
    call('/v1/users/transfers/bank', 'POST'),
    '  const body = await res.json();',
    "  if (body.status !== 'success') {",
    '    markFailed();',
    '  }',
    '}',
  ].join('\n'),
  requery: [
    'async function check(ref) {',
    call('/v1/users/transfers/requery/bank/${ref}'),
    '  const body = await res.json();',
    "  return body.status === 'success' && ship();",
    '}',
  ].join('\n'),
  phoneTransfer: [
    'async function pay() {',
    call('/v1/users/transfers/phone', 'POST'),
    '  const body = await res.json();',
    "  if (body.status === 'success') markPaid();",
    '}',
  ].join('\n'),
};

/** Every quick fix and message the editor shows on code (the cases above, the corpus, the careless shop), and the cases fixed. */
function quickFixes(): [string, string][] {
  const shop = readFileSync(path.join(REPO, 'docs/examples/careless-shop/shop.mjs'), 'utf8');
  const texts = [
    ...Object.entries(CODE),
    ...[...NOT_THE_WALLET, ...CAREFUL_AND_UNRELATED].map((file) => [file.name, file.text]),
    ['careless shop', shop],
  ];
  const said = texts.flatMap(([name, text]) =>
    problems(text!).map((problem): [string, string] => [
      `${name}: ${problem.code}`,
      [problem.message, problem.fixTitle ?? '', problem.replacement ?? ''].join('\n'),
    ]),
  );
  return [...said, ...Object.entries(CODE).map(([name, text]): [string, string] => [`${name}: fixed`, fixed(text)])];
}

function snippets(): [string, string][] {
  return WALLET_SNIPPETS.flatMap((snippet) =>
    DIALECTS.map((dialect): [string, string] => [`snippet ${snippet.name} (${dialect})`, codeFor(snippet, dialect)]),
  );
}

function templates(): [string, string][] {
  return FRAMEWORKS.map((framework) => [`handler ${framework.id}`, handlerSource(framework, REPO)]);
}

/** A page as it reads: each heading, paragraph and item its own sentence, no markup. */
const pageText = (page: string) =>
  page
    .replace(/<\/(?:p|h\d|li)>/g, '. ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every rule's finding page, naming a transfer answered 503, one answered 000002 and one never answered. */
function findingPages(): [string, string][] {
  const answers: [number, string][] = [
    [503, '{"success":false,"errorCode":"50009"}'],
    [200, '{"success":true,"data":{"transaction":{"statusCode":"000002"}}}'],
    [0, ''],
  ];
  const records = answers.map(([status, responseBody]) =>
    recordFromTransport('local', {
      method: 'POST',
      baseUrl: 'http://127.0.0.1:4010',
      path: '/v1/users/transfers/bank',
      query: '',
      requestHeaders: {},
      requestBody: '{"accountNumber":"1000000002","bankCode":"000014","amount":4000}',
      status,
      responseHeaders: {},
      responseBody,
      startedAt: 0,
      durationMs: 1,
    }),
  );
  const ids = { requestIds: [0, 1, 2], eventIds: [] };
  const story = findingStory(
    ids,
    (id) => records[id],
    () => undefined,
  );
  assert.equal(story.notes.length, 3, 'a note on each: the 5xx, the pending transfer, no answer');
  return FINDING_RULES.map((rule) => {
    const finding = { ...ids, id: 'fnd_1', rule, severity: SEVERITY[rule], title: rule, detail: '', docs: '', at: '' };
    return [`finding page ${rule}`, pageText(renderFindingPage(finding, story, { environment: 'Local sandbox' }).body.value)];
  });
}

function completions(): [string, string][] {
  return completionEntries(catalog).map((entry) => [`completion ${entry.path}`, `${entry.detail}\n${entry.documentation ?? ''}`]);
}

describe('one voice on money (issue 55): 5xx, no answer and pending said as src/common/moneyWords.ts says them', () => {
  it('the checker flags what the product used to say, and passes the words themselves', () => {
    for (const said of [
      '- `5XX` The provider (bank or network) failed; no money moved',
      'A 502 means nothing moved: send it again.',
      'The transfer answered success with statusCode 000002: it is paid.',
      'No answer came, so the payment failed.',
    ])
      assert.equal(moneyContradictions(said).length, 1, said);
    for (const words of Object.values(MONEY_WORDS)) assert.deepEqual(moneyContradictions(words), [], words);
    assert.deepEqual(moneyContradictions('A timeout or a 502 does not mean nothing happened. No answer is not a failure.'), []);
  });

  it('no hover, quick fix, completion, snippet, generated handler or finding page contradicts them', () => {
    const surfaces = [...hovers(), ...quickFixes(), ...completions(), ...snippets(), ...templates(), ...findingPages()];
    assert.ok(surfaces.length > 100, `${surfaces.length} texts`);
    const contradictions = surfaces.flatMap(([name, text]) => moneyContradictions(text).map((sentence) => `${name}: ${sentence}`));
    assert.deepEqual(contradictions, []);
  });

  it('hovers: a money-moving call says what a 5xx and no answer mean, a transfer and its requery what 000002 is', () => {
    for (const endpoint of catalog.endpoints)
      for (const operation of endpoint.operations) {
        const hover = hoverMarkdown(endpoint, catalog, { shown: operation.method, local: false });
        if (MONEY_COMMANDS[operation.operationId]) {
          assert.ok(says(hover, `\`5XX\` ${MONEY_WORDS.fiveXx}`), `${operation.operationId}: its 5XX`);
          assert.ok(says(hover, MONEY_WORDS.noAnswer), `${operation.operationId}: no answer`);
        }
        const pending = operation.operationId === 'transferToBank' || operation.operationId === 'requeryBankTransfer';
        assert.equal(says(hover, MONEY_WORDS.pending), pending, `${operation.operationId}: pending`);
      }
  });

  it('quick fix "Read success" on a bank transfer or its requery treats 000002 as pending, never paid', () => {
    const pay = fixed(CODE.bankTransfer);
    assert.match(pay, /if \(body\.success === true && body\.data\?\.transaction\?\.statusCode === '000002'\) \{\n/);
    assert.ok(says(pay, MONEY_WORDS.pending), pay);
    assert.match(pay, /\} else if \(body\.success === true && body\.data\?\.transaction\?\.statusCode === '000001'\) \{\n\s+markPaid\(\);/);
    const refused = fixed(CODE.bankTransferRefused);
    assert.match(
      refused,
      /statusCode === '000002'\) \{\n[\s\S]*\} else if \(body\.success !== true \|\| body\.data\?\.transaction\?\.statusCode !== '000001'\) \{\n\s+markFailed\(\);/,
    );
    // Inside an expression: true only for 000001.
    assert.match(
      fixed(CODE.requery),
      /return \(body\.success === true && body\.data\?\.transaction\?\.statusCode === '000001'\) && ship\(\);/,
    );
    for (const text of [CODE.bankTransfer, CODE.requery]) {
      const [problem] = problems(text).filter((found) => found.code === 'status-not-success');
      assert.ok(problem && says(problem.message, MONEY_WORDS.pending), problem?.message);
      assert.match(problem.fixTitle ?? '', /000002 is pending, not paid/);
    }
    // A phone transfer answers no statusCode: success is its outcome.
    assert.match(fixed(CODE.phoneTransfer), /if \(body\.success === true\) markPaid\(\);/);
  });

  it('snippets: the bank transfer and airtime say the words on no answer and a 5xx, the transfer also on 000002', () => {
    for (const dialect of DIALECTS) {
      const transfer = codeFor(
        WALLET_SNIPPETS.find((snippet) => snippet.name === 'bankTransfer')!,
        dialect,
      );
      const airtime = codeFor(
        WALLET_SNIPPETS.find((snippet) => snippet.name === 'airtime')!,
        dialect,
      );
      for (const words of [MONEY_WORDS.noAnswer, MONEY_WORDS.fiveXx, MONEY_WORDS.pending, MONEY_WORDS.statusCodes])
        assert.ok(says(transfer, words), `bank transfer (${dialect}): ${words}`);
      for (const words of [MONEY_WORDS.noAnswer, MONEY_WORDS.fiveXx]) assert.ok(says(airtime, words), `airtime (${dialect}): ${words}`);
    }
  });

  it('generated webhook handlers: each says what a BANK_TRANSFER event’s statusCode 000002 means', () => {
    for (const [name, text] of templates()) {
      assert.ok(says(text, MONEY_WORDS.statusCodes), `${name}: the status codes`);
      assert.ok(says(text, MONEY_WORDS.pending), `${name}: pending`);
    }
  });

  it('docs: none contradicts them, and the pages on money, code, snippets and handlers say them', () => {
    const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
    // docs/sandbox.md describes the sandbox's own answers, such as its provider-error magic that moves nothing.
    const pages = [
      'README.md',
      ...readdirSync(path.join(REPO, 'docs'))
        .filter((file) => file.endsWith('.md') && file !== 'sandbox.md')
        .map((file) => `docs/${file}`),
    ];
    assert.deepEqual(
      pages.flatMap((page) => moneyContradictions(read(page)).map((sentence) => `${page}: ${sentence}`)),
      [],
    );
    const expected: [string, string[]][] = [
      ['docs/money.md', [MONEY_WORDS.fiveXx, MONEY_WORDS.pending]],
      ['docs/endpoint-intelligence.md', [MONEY_WORDS.fiveXx, MONEY_WORDS.noAnswer, MONEY_WORDS.neverRetry]],
      ['docs/integration-review.md', [MONEY_WORDS.pending]],
      ['docs/webhook-handlers.md', [MONEY_WORDS.statusCodes, MONEY_WORDS.pending]],
    ];
    for (const [page, words] of expected) for (const said of words) assert.ok(says(read(page), said), `${page}: ${said}`);
  });
});
