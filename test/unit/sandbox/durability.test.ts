// Durable money (issue 14, step 8): an answered transfer is never lost and never applied twice.
// The standalone sandbox (dist/sandbox.js --data-file) is SIGKILLed at random moments while
// clients stream phone and bank transfers at it, then restarted on the same file, over and over.
// Each client records which transfers got an answer. After the last restart every answered
// transfer must be in the wallet's history exactly once (by reference), nothing unanswered may
// appear twice, and the balance must match what the history says left the wallet.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { TransactionRecord } from '../../../src/sandbox';
import { call, connectWallet, ConnectedWallet, expectOk, newDeveloper } from './helpers';
import { listeningUrl } from '../support/cliReady';

const REPO = path.resolve(__dirname, '../../../..');
const BUNDLE = path.join(REPO, 'dist', 'sandbox.js');

/** Separate sandboxes killed side by side, each with its own state file. */
const LANES = 3;
const KILLS_PER_LANE = 34;
const CLIENTS_PER_LANE = 4;
const RECIPIENT_MOBILE = '2348000000000';
/** The demo wallet's own account (settles after 10 s) and the magic "succeeds at once" account. */
const WALLET_BANK = '090328';
const INSTANT_ACCOUNT = { accountNumber: '1000000001', accountName: 'SANDBOX INSTANT SUCCESS', bankCode: WALLET_BANK };
const START_BALANCE = 1_000_000_000_000;
/** Each transfer has its own amount (kobo), so a transfer applied twice shows as a repeated amount. */
const FIRST_AMOUNT = 1_000_000;

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/** Every sandbox still running, so a failing test leaves none behind. */
const alive = new Set<ChildProcess>();

async function start(dataFile: string): Promise<Running> {
  const child = spawn(process.execPath, [BUNDLE, '--port', '0', '--data-file', dataFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  alive.add(child);
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      alive.delete(child);
      resolve();
    }),
  );
  const url = await listeningUrl(child);
  assert.doesNotMatch(err, /not a valid state file|cannot read/, 'the file left by the last kill loads');
  return { child, url, exited };
}

interface Sent {
  amount: number;
  kind: 'phone' | 'bank' | 'instant';
  /** Set once the answer reached the client. */
  reference?: string;
}

interface Lane {
  dataFile: string;
  wallet: ConnectedWallet;
  bankAccount: { accountNumber: string; accountName: string; bankCode: string };
  startedAt: string;
  sent: Sent[];
  nextAmount: number;
}

async function transfer(url: string, lane: Lane, sent: Sent): Promise<void> {
  const [endpoint, body] =
    sent.kind === 'phone'
      ? ['phone', { mobile: RECIPIENT_MOBILE, amount: sent.amount }]
      : ['bank', { ...(sent.kind === 'instant' ? INSTANT_ACCOUNT : lane.bankAccount), amount: sent.amount }];
  // Throws when the process dies under the request: the answer never came.
  const answer = await call(url, 'POST', `/v1/users/transfers/${endpoint}`, { body, headers: lane.wallet.headers });
  if (answer.status !== 200 || answer.json['success'] !== true) {
    throw new assert.AssertionError({ message: `a live sandbox refused a transfer: ${answer.status} ${answer.text}` });
  }
  const transaction = answer.json['data'].transaction as { reference?: string; transactionReference?: string; amount: number };
  assert.equal(transaction.amount, sent.amount);
  sent.reference = transaction.reference ?? transaction.transactionReference;
}

/** One client: transfers one after another until the sandbox dies. Only assertion failures escape. */
async function client(url: string, lane: Lane): Promise<void> {
  for (;;) {
    const roll = Math.random();
    const sent: Sent = { amount: lane.nextAmount++, kind: roll < 0.45 ? 'phone' : roll < 0.85 ? 'bank' : 'instant' };
    lane.sent.push(sent);
    try {
      await transfer(url, lane, sent);
    } catch (error) {
      if (error instanceof assert.AssertionError) throw error;
      return;
    }
  }
}

async function setUp(dir: string, index: number): Promise<Lane> {
  const dataFile = path.join(dir, `lane${index}.json`);
  const running = await start(dataFile);
  try {
    const dev = await newDeveloper(running.url);
    const wallet = await connectWallet(running.url, dev.appKey, dev.sandboxMobile);
    await expectOk(call(running.url, 'POST', `/__sandbox/balance?mobile=${dev.sandboxMobile}`, { body: { balance: START_BALANCE } }));
    const accountNumber = RECIPIENT_MOBILE.slice(3);
    const verified = await expectOk(
      call(running.url, 'GET', `/v1/queries/verify?accountNumber=${accountNumber}&bankCode=${WALLET_BANK}`, { headers: wallet.headers }),
    );
    const lane: Lane = {
      dataFile,
      wallet,
      bankAccount: { accountNumber, accountName: verified.json['data'].accountName as string, bankCode: WALLET_BANK },
      startedAt: new Date().toISOString(),
      sent: [],
      nextAmount: FIRST_AMOUNT + index * 10_000_000,
    };
    // Answered, so durable, and with it the developer, the token and the balance set above.
    const first: Sent = { amount: lane.nextAmount++, kind: 'phone' };
    lane.sent.push(first);
    await transfer(running.url, lane, first);
    return lane;
  } finally {
    running.child.kill('SIGKILL');
    await running.exited;
  }
}

async function killRounds(lane: Lane, killAfterMs: number[]): Promise<void> {
  for (const delay of killAfterMs) {
    const running = await start(lane.dataFile);
    const clients = Promise.allSettled(Array.from({ length: CLIENTS_PER_LANE }, () => client(running.url, lane)));
    await new Promise((resolve) => setTimeout(resolve, delay));
    running.child.kill('SIGKILL');
    await running.exited;
    for (const result of await clients) if (result.status === 'rejected') throw result.reason;
  }
}

async function everything(url: string, wallet: ConnectedWallet): Promise<TransactionRecord[]> {
  const all: TransactionRecord[] = [];
  for (let page = 1; ; page++) {
    const answer = await expectOk(call(url, 'GET', `/v1/transactions?limit=100&pages=${page}`, { headers: wallet.headers }));
    const chunk = answer.json['data'].transactions as TransactionRecord[];
    all.push(...chunk);
    if (chunk.length < 100) return all;
  }
}

interface Tally {
  answered: number;
  found: number;
  lost: string[];
  duplicated: string[];
  /** Transfers in the history that no client sent. */
  phantoms: string[];
  balanceOff: number;
}

/** Restarts once more and reads the wallet back: what the answers promised must be there once. */
async function check(lane: Lane): Promise<Tally> {
  const running = await start(lane.dataFile);
  try {
    const history = await everything(running.url, lane.wallet);
    const balance = await expectOk(call(running.url, 'GET', '/v1/users/balance', { headers: lane.wallet.headers }));
    const ours = history.filter((tx) => tx.direction === 'debit' && tx.createdAt >= lane.startedAt);
    const copies = new Map<string, number>();
    const byAmount = new Map<number, number>();
    for (const tx of ours) {
      copies.set(`${tx.reference} ${tx.amount}`, (copies.get(`${tx.reference} ${tx.amount}`) ?? 0) + 1);
      byAmount.set(tx.amount, (byAmount.get(tx.amount) ?? 0) + 1);
    }
    const sentAmounts = new Set(lane.sent.map((sent) => sent.amount));
    const answered = lane.sent.filter((sent) => sent.reference !== undefined);
    const tally: Tally = { answered: answered.length, found: 0, lost: [], duplicated: [], phantoms: [], balanceOff: 0 };
    for (const sent of answered) {
      // Found only with its own amount: a reference reused for another transfer does not count.
      if (copies.has(`${sent.reference} ${sent.amount}`)) tally.found++;
      else tally.lost.push(`${sent.kind} ${sent.reference} (${sent.amount} kobo)`);
    }
    for (const [key, count] of copies) if (count > 1) tally.duplicated.push(`${key} ×${count}`);
    for (const [amount, count] of byAmount) if (count > 1) tally.duplicated.push(`amount ${amount} ×${count}`);
    tally.phantoms = ours.filter((tx) => !sentAmounts.has(tx.amount)).map((tx) => `${tx.reference} (${tx.amount} kobo)`);
    const spent = ours.reduce((sum, tx) => sum + tx.amount, 0);
    tally.balanceOff = (balance.json['data'].user.balance as number) - (START_BALANCE - spent);
    return tally;
  } finally {
    running.child.kill('SIGTERM');
    await running.exited;
  }
}

describe('sandbox: durable money under SIGKILL', function () {
  // Kills 100+ processes; each start of dist/sandbox.js is a fresh Node process.
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-durable-'));
  });
  after(() => {
    for (const child of alive) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no answered transfer and applies none twice over 100+ kills at random moments', async () => {
    assert.ok(existsSync(BUNDLE), 'dist/sandbox.js exists (npm run build; npm run test:unit builds first)');
    const began = Date.now();
    const lanes = await Promise.all(Array.from({ length: LANES }, (_, index) => setUp(dir, index)));
    const delays = fc.sample(fc.integer({ min: 20, max: 200 }), { numRuns: LANES * KILLS_PER_LANE, seed: 14_008 });
    await Promise.all(lanes.map((lane, index) => killRounds(lane, delays.slice(index * KILLS_PER_LANE, (index + 1) * KILLS_PER_LANE))));
    const tallies = await Promise.all(lanes.map(check));
    // Journals and temporary files of killed processes are swept once a new checkpoint holds them.
    assert.deepEqual(readdirSync(dir).sort(), lanes.map((lane) => path.basename(lane.dataFile)).sort());

    const sum = (pick: (tally: Tally) => number): number => tallies.reduce((total, tally) => total + pick(tally), 0);
    const lost = tallies.flatMap((tally) => tally.lost);
    const duplicated = tallies.flatMap((tally) => tally.duplicated);
    const sent = lanes.reduce((total, lane) => total + lane.sent.length, 0);
    console.log(
      `\n    Durable money under SIGKILL (dist/sandbox.js --data-file, ${LANES} sandboxes × ${CLIENTS_PER_LANE} clients): ` +
        `${LANES * KILLS_PER_LANE} kills, ${sent} transfers sent, ${sum((t) => t.answered)} answered, ` +
        `${sum((t) => t.found)} found after restart, ${lost.length} lost, ${duplicated.length} duplicated ` +
        `(${((Date.now() - began) / 1000).toFixed(1)} s)\n`,
    );
    assert.ok(sum((t) => t.answered) >= LANES * KILLS_PER_LANE, 'on average at least one answer per kill, or the test proves little');
    assert.deepEqual(lost, [], 'no answered transfer is lost');
    assert.deepEqual(duplicated, [], 'no transfer is applied twice');
    assert.deepEqual(
      tallies.flatMap((tally) => tally.phantoms),
      [],
      'no transfer appears that no client sent',
    );
    assert.deepEqual(
      tallies.map((tally) => tally.balanceOff),
      lanes.map(() => 0),
      'each balance is the start balance less what the history says left',
    );
  });
});
