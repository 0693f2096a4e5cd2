import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openSharedSandbox, type PublicWebhookEvent, type Sandbox, type SharedSandbox } from '../../../src/sandbox';
import { MAX_KEPT_ATTEMPTS } from '../../../src/sandbox/domain/webhooks';
import { MAX_TITLE_CHARS } from '../../../src/sandbox/findings/findingsBook';
import { connectSandbox } from '../../../src/sandbox/package';
import type { WebhookEvent } from '../../../src/sandbox/vocabulary/records';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_BYTES } from '../../../src/sandbox/worlds/answerPage';
import type { SandboxEnv } from '../../../src/sandbox/worlds/env';
import { startCheckedSandbox } from '../support/contract';
import { when } from '../support/eventually';
import { webhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { call, connectWallet, expectOk, newDeveloper, type Developer } from './helpers';

// A security probe of the packed package: with a full 16 MB journal each GET /__sandbox/requests
// took about 490 ms, and ten pollers held every other client (GET /__sandbox/health up to 1.3 s).
// A big admin answer now comes a page at a time: at most DEFAULT_PAGE_LIMIT items and
// MAX_PAGE_BYTES of their JSON, with `nextBefore` naming where the next page starts.

const DEMO = '2348000000000';
/** Room for the envelope around the page's entries: {"success":true,"data":{"requests":[…],"nextBefore":n}}. */
const ENVELOPE_BYTES = 256;

/** `count` requests with a body of about 60 KB each: entries of about 120 KB (the body and its parsed copy). */
async function fillWithLargeEntries(sandbox: Sandbox, count: number): Promise<void> {
  const pad = 'x'.repeat(60_000);
  for (let i = 0; i < count; i++) await call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: DEMO, n: i, pad } });
}

interface Page {
  text: string;
  requests: { id: number }[];
  nextBefore?: number;
}

async function page(sandbox: Sandbox | string, query: string, headers: Record<string, string> = {}): Promise<Page> {
  const answer = await expectOk(call(sandbox, 'GET', `/__sandbox/requests${query}`, { headers }));
  const data = answer.json['data'] as { requests: { id: number }[]; nextBefore?: number };
  return { text: answer.text, requests: data.requests, ...(data.nextBefore === undefined ? {} : { nextBefore: data.nextBefore }) };
}

/** Every page from the newest on, following nextBefore; the ids of each page, newest page first. */
async function walk(sandbox: Sandbox, query = ''): Promise<{ pages: number[][]; sizes: number[] }> {
  const pages: number[][] = [];
  const sizes: number[] = [];
  let before: number | undefined;
  do {
    const separator = query ? '&' : '?';
    const answer = await page(sandbox, before === undefined ? query : `${query}${separator}before=${before}`);
    pages.push(answer.requests.map((entry) => entry.id));
    sizes.push(Buffer.byteLength(answer.text));
    before = answer.nextBefore;
  } while (before !== undefined && pages.length < 1_000);
  return { pages, sizes };
}

describe('sandbox: big admin answers come a page at a time', function () {
  this.timeout(60_000);
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('GET /__sandbox/requests: a bounded default answer of large entries, and the pages give every entry once', async () => {
    sandbox = await startCheckedSandbox({ journal: { maxBytes: 2 * 1024 * 1024 }, log: () => undefined });
    await fillWithLargeEntries(sandbox, 30);
    const kept = sandbox.requests.list().map((entry) => entry.id);
    assert.ok(kept.length > 10, `${kept.length} entries kept`);

    const first = await page(sandbox, '');
    assert.ok(Buffer.byteLength(first.text) <= MAX_PAGE_BYTES + ENVELOPE_BYTES, `the default answer is ${first.text.length} bytes`);
    assert.ok(first.requests.length < kept.length && first.nextBefore !== undefined, 'it says where the next page starts');
    assert.deepEqual(
      first.requests.map((entry) => entry.id),
      kept.slice(-first.requests.length),
      'the newest, oldest first',
    );

    const { pages, sizes } = await walk(sandbox);
    assert.ok(pages.length > 2, `${pages.length} pages`);
    assert.ok(Math.max(...sizes) <= MAX_PAGE_BYTES + ENVELOPE_BYTES, `pages of ${sizes.join(', ')} bytes`);
    assert.deepEqual(pages.reverse().flat(), kept, 'every entry once, in order');
  });

  it(`GET /__sandbox/requests: ${DEFAULT_PAGE_LIMIT} entries unless limit says otherwise; a filter and limit hold on every page`, async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    for (let i = 0; i < 130; i++) await call(sandbox, 'GET', i % 2 ? '/v1/queries/banks' : '/nowhere');
    const kept = sandbox.requests.list().map((entry) => entry.id);
    const first = await page(sandbox, '');
    assert.equal(first.requests.length, DEFAULT_PAGE_LIMIT);
    assert.equal(first.nextBefore, first.requests[0]!.id);
    const { pages } = await walk(sandbox);
    assert.deepEqual(pages.reverse().flat(), kept);

    const banks = sandbox.requests.list({ path: '/v1/queries/banks' }).map((entry) => entry.id);
    const filtered = await walk(sandbox, '?path=/v1/queries/banks&limit=20');
    assert.ok(filtered.pages.every((ids) => ids.length <= 20));
    assert.deepEqual(filtered.pages.reverse().flat(), banks);
    // The last page says no more; `limit` alone is still "the newest n".
    assert.equal((await page(sandbox, `?before=${kept[0]! + 1}`)).nextBefore, undefined);
    assert.deepEqual(
      (await page(sandbox, '?limit=1')).requests.map((entry) => entry.id),
      [kept.at(-1)],
    );
    assert.equal((await call(sandbox, 'GET', '/__sandbox/requests?before=x')).status, 400);
  });

  it('one default answer serialises at most twice MAX_PAGE_BYTES and one entry, however full the journal (16 MB)', async () => {
    // Counted, not timed: the bytes JSON.stringify made while the sandbox answered are the work
    // that held its event loop (before: the whole journal, 16 MB, about half a second).
    sandbox = await startCheckedSandbox({ log: () => undefined });
    await fillWithLargeEntries(sandbox, 150);
    assert.ok(sandbox.requests.bytes > 15 * 1024 * 1024, `${sandbox.requests.bytes} bytes in the journal`);
    const largest = Math.max(...sandbox.requests.list().map((entry) => Buffer.byteLength(JSON.stringify(entry))));
    const stringify = JSON.stringify;
    let serialised = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      const text = stringify(...args);
      serialised += text === undefined ? 0 : Buffer.byteLength(text);
      return text;
    }) as typeof stringify;
    let answer: Page;
    try {
      answer = await page(sandbox, '');
    } finally {
      JSON.stringify = stringify;
    }
    // Each entry is measured as the page is made (and the first that does not fit), then the page is sent.
    const bound = 2 * (MAX_PAGE_BYTES + ENVELOPE_BYTES) + largest;
    assert.ok(serialised <= bound, `${serialised} bytes serialised for one answer, at most ${bound}`);
    assert.ok(answer.requests.length > 0 && answer.nextBefore !== undefined);
  });

  it("connectSandbox's requests.list() and waitFor follow the pages", async () => {
    sandbox = await startCheckedSandbox({ journal: { maxBytes: 2 * 1024 * 1024 }, log: () => undefined });
    await fillWithLargeEntries(sandbox, 30);
    const kept = sandbox.requests.list().map((entry) => entry.id);
    const connected = await connectSandbox(sandbox.url);
    try {
      assert.deepEqual(
        (await connected.requests.list()).map((entry) => entry.id),
        kept,
      );
      const after = kept[2]!;
      assert.deepEqual(
        (await connected.requests.list({ after })).map((entry) => entry.id),
        kept.filter((id) => id > after),
      );
      assert.equal((await connected.requests.waitFor({ after: kept[0]! - 1, method: 'POST' })).id, kept[0]);
    } finally {
      connected.close();
    }
  });

  it('a process that uses the sandbox another one serves reads the newest n over as many pages as it takes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'admin-pages-'));
    const opened: SharedSandbox[] = [];
    try {
      const options = { dataFile: path.join(dir, 'sandbox.json'), port: 0, portTries: 5, log: () => undefined };
      opened.push(await openSharedSandbox({ ...options, role: 'window', journal: { maxBytes: 2 * 1024 * 1024 } }));
      opened.push(await openSharedSandbox({ ...options, role: 'mcp' }));
      const [owner, other] = opened as [SharedSandbox, SharedSandbox];
      assert.equal(other.client.server.here, false);
      await fillWithLargeEntries(owner.inProcess!, 30);
      const kept = owner.inProcess!.requests.newest(25).map((entry) => entry.id);
      assert.deepEqual(
        (await other.client.requests.newest(25)).map((entry) => entry.id),
        kept,
      );
      assert.deepEqual(
        (await other.client.requests.newest(3)).map((entry) => entry.id),
        kept.slice(0, 3),
      );
    } finally {
      for (const shared of opened.reverse()) await shared.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The sandbox's own world, as the server holds it. */
const rootEnv = (sandbox: Sandbox): SandboxEnv => (sandbox.namespaces as unknown as { root(): SandboxEnv }).root();

describe('sandbox: webhook events and findings stay bounded', function () {
  this.timeout(60_000);
  let sandbox: Sandbox | undefined;
  let hook: WebhookReceiver | undefined;
  afterEach(async () => {
    await sandbox?.close();
    await hook?.close();
    sandbox = hook = undefined;
  });

  let developer: Developer | undefined;
  /** A sandbox whose developer's app sends its webhooks to a receiver answering `statuses` in turn. */
  async function withReceiver(statuses: number[]): Promise<Sandbox> {
    hook = await webhookReceiver(statuses);
    const started = await startCheckedSandbox({ log: () => undefined });
    developer = await newDeveloper(started);
    await expectOk(
      call(started, 'PUT', '/v1/apps/settings', { body: { callbackURL: hook.url }, headers: { 'x-app-key': developer.appKey } }),
    );
    return started;
  }

  it('GET /__sandbox/events: 100 an answer within 512 KiB, nextBefore walks every event once; every reader gets them all', async () => {
    sandbox = await withReceiver([200]);
    const made = sandbox.sendTestEvent('BANK_TRANSFER');
    await hook!.delivered(1);
    // 300 events of six failed attempts with 500 characters of answer each: about 1.2 MB whole.
    const state = rootEnv(sandbox).state;
    const attempts = Array.from({ length: 6 }, (_, i) => ({
      number: i + 1,
      at: made.createdAt,
      status: 500,
      durationMs: 3,
      excerpt: 'x'.repeat(500),
    }));
    for (let i = 0; i < 300; i++) {
      const id = `evt_${i.toString(16).padStart(24, '0')}`;
      state.putEvent({ ...structuredClone(made), id, state: 'failed', nextAttemptAt: null, attempts, runStart: 0 } as WebhookEvent);
    }
    const newestFirst = [...state.events.keys()].reverse();

    const first = await expectOk(call(sandbox, 'GET', '/__sandbox/events'));
    assert.ok(Buffer.byteLength(first.text) <= MAX_PAGE_BYTES + ENVELOPE_BYTES, `the default answer is ${first.text.length} bytes`);
    const ids: string[] = [];
    let before: string | undefined;
    do {
      const page = await expectOk(call(sandbox, 'GET', `/__sandbox/events?limit=1000${before ? `&before=${before}` : ''}`));
      assert.ok(Buffer.byteLength(page.text) <= MAX_PAGE_BYTES + ENVELOPE_BYTES);
      ids.push(...(page.json['data'].events as PublicWebhookEvent[]).map((event) => event.id));
      before = page.json['data'].nextBefore as string | undefined;
    } while (before !== undefined && ids.length <= newestFirst.length);
    assert.deepEqual(ids, newestFirst, 'every event once, newest first');
    assert.equal((await expectOk(call(sandbox, 'GET', '/__sandbox/events?limit=7'))).json['data'].events.length, 7);
    assert.equal((await expectOk(call(sandbox, 'GET', '/__sandbox/events?before=evt_gone'))).json['data'].events.length, 0);

    assert.deepEqual(
      sandbox.events().map((event) => event.id),
      newestFirst,
      'Sandbox.events()',
    );
    const connected = await connectSandbox(sandbox.url);
    try {
      assert.deepEqual(
        (await connected.webhooks.list()).map((event) => event.id),
        [...newestFirst].reverse(),
        'webhooks.list(), oldest first',
      );
      const oldest = await connected.webhooks.waitFor({ state: 'failed' });
      assert.equal(oldest.id, newestFirst.at(-2), 'the oldest that matches, from the last page');
    } finally {
      connected.close();
    }
  });

  it(`an event keeps its newest ${MAX_KEPT_ATTEMPTS} attempts, numbered on; the findings still see each new one`, async () => {
    // Redelivering again and again grew one event (and every answer showing it) without end.
    const redeliveries = MAX_KEPT_ATTEMPTS + 5;
    sandbox = await withReceiver([...Array<number>(redeliveries).fill(200), 500]);
    // A transfer's event: a test event makes no finding, and the findings must see this one's attempts.
    const wallet = await connectWallet(sandbox, developer!.appKey, developer!.sandboxMobile);
    const body = { mobile: '2349090000000', amount: 2500 };
    await expectOk(call(sandbox, 'POST', '/v1/users/transfers/phone', { body, headers: wallet.headers }));
    const { id } = sandbox.events()[0]!;
    const lastNumber = () => sandbox!.event(id)?.attempts.at(-1)?.number ?? 0;
    const attempted = (number: number) =>
      when(
        (listener) => sandbox!.onChange(listener),
        () => (lastNumber() >= number ? true : undefined),
        () => `attempt ${number} of ${id} (the last is ${lastNumber()})`,
      );
    await attempted(1);
    for (let number = 2; number <= redeliveries + 1; number++) {
      sandbox.redeliverEvent(id);
      await attempted(number);
    }
    // Attempt 56 failed (the receiver answers 500 from then on); the next, a minute later, too.
    await sandbox.advanceClock(60);
    const event = sandbox.event(id)!;
    const numbers = event.attempts.map((attempt) => attempt.number);
    assert.equal(numbers.length, MAX_KEPT_ATTEMPTS);
    assert.deepEqual(
      numbers,
      Array.from({ length: MAX_KEPT_ATTEMPTS }, (_, i) => redeliveries + 3 - MAX_KEPT_ATTEMPTS + i),
    );
    assert.equal(event.state, 'retrying');
    const titles = sandbox.findings().map((finding) => finding.title);
    for (const number of [redeliveries + 1, redeliveries + 2]) {
      assert.ok(
        titles.some((title) => title.includes(`attempt ${number} `)),
        `a finding for attempt ${number}: ${titles.join('; ')}`,
      );
    }
  });

  it(`a finding's title keeps at most ${MAX_TITLE_CHARS} characters: GET /__sandbox/findings stays small`, async () => {
    sandbox = await startCheckedSandbox({ log: () => undefined });
    await call(sandbox, 'GET', `/v1/${'a'.repeat(8_000)}?token=abc`);
    const [finding] = sandbox.findings();
    assert.equal(finding?.rule, 'secret-in-url');
    assert.ok(finding.title.length <= MAX_TITLE_CHARS && finding.title.endsWith('…'), `${finding.title.length} characters`);
  });
});
