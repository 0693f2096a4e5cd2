// The sandbox's state file survives the process being killed mid-write: the CLI is started
// on a data file, driven with writes from several clients, and SIGKILLed at a random moment,
// several times over. After each kill the file must parse, load, hold a consistent state
// (every app's developer, every developer's wallet exist) and never lose what an earlier
// round had saved; the next start must not find it corrupt.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { SandboxState, type PersistedState } from '../../../src/sandbox/domain/state';
import { listeningUrl } from '../support/cliReady';

const REPO = path.resolve(__dirname, '../../../..');
/** The bundled CLI (`npm run build`), else the one tsc compiled next to this test. */
function cliPath(): { file: string; label: string } {
  const bundled = path.join(REPO, 'dist', 'sandbox.js');
  if (existsSync(bundled)) return { file: bundled, label: 'dist/sandbox.js' };
  return {
    file: path.resolve(__dirname, '../../../src/sandbox/cli/cli.js'),
    label: 'out/src/sandbox/cli/cli.js (run `npm run build` for dist/sandbox.js)',
  };
}

interface Running {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<void>;
}

async function start(cli: string, dataFile: string): Promise<Running> {
  const child = spawn(process.execPath, [cli, '--port', '0', '--data', dataFile, '--seed', '7'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await listeningUrl(child);
  return { child, url, stderr: () => err, exited };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, any>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Writes as fast as three clients can until the process dies under them. */
function drive(url: string, acknowledged: { writes: number }): Promise<unknown> {
  let n = 0;
  const developers = async () => {
    for (;;) {
      const email = `kill${Date.now()}-${n++}@example.ng`;
      await post(`${url}/v1/auth/signup`, { email, password: 'sandbox-pass-1' });
      const auth = await post(`${url}/v1/resource/auth`, { email, password: 'sandbox-pass-1' });
      await post(`${url}/v1/resource/app`, { name: 'Killed app' }, { 'x-auth-token': auth['data'].token });
      acknowledged.writes += 2;
    }
  };
  const transactions = async () => {
    for (;;) {
      await post(`${url}/__sandbox/transactions?mobile=2348000000000`, { type: 'vtu', amount: 100 + (n++ % 900) * 100 });
      acknowledged.writes++;
    }
  };
  const balances = async () => {
    for (;;) {
      await post(`${url}/__sandbox/balance?mobile=2349090000000`, { balance: n++ });
      acknowledged.writes++;
    }
  };
  // Each loop ends with a connection error when the process is killed.
  return Promise.allSettled([developers(), transactions(), transactions(), balances()]);
}

function checkConsistent(saved: PersistedState): void {
  SandboxState.hydrate(structuredClone(saved), Date.now());
  const developers = new Set(saved.developers.map((developer) => developer._id));
  const wallets = new Set(saved.wallets.map((wallet) => wallet.mobile));
  for (const app of saved.apps) assert.ok(developers.has(app.developerID), `app ${app._id} has its developer`);
  for (const developer of saved.developers) {
    const mobile = (developer as { sandboxMobile?: string }).sandboxMobile;
    if (mobile) assert.ok(wallets.has(mobile), `developer ${developer._id} has its wallet`);
  }
  for (const token of saved.refreshTokens) assert.ok(wallets.has(token.mobile), 'every refresh token has its wallet');
}

describe('reliability: the sandbox state file survives SIGKILL mid-write', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-kill-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('parses, loads and stays consistent after 8 kills at random moments', async () => {
    const cli = cliPath();
    const dataFile = path.join(dir, 'state.json');
    const rounds = 8;
    const killAfter = fc.sample(fc.integer({ min: 60, max: 700 }), { numRuns: rounds, seed: 20_240_611 });
    let previous = { developers: 0, apps: 0, transactions: 0 };
    const lines: string[] = [];
    let totalWrites = 0;
    for (let round = 0; round < rounds; round++) {
      const running = await start(cli.file, dataFile);
      assert.doesNotMatch(running.stderr(), /not a valid state file|cannot read/, `round ${round}: the file from the last kill loads`);
      const acknowledged = { writes: 0 };
      const driving = drive(running.url, acknowledged);
      await new Promise((resolve) => setTimeout(resolve, killAfter[round]));
      running.child.kill('SIGKILL');
      await running.exited;
      await driving;
      totalWrites += acknowledged.writes;

      const text = readFileSync(dataFile, 'utf8');
      const saved = JSON.parse(text) as PersistedState;
      checkConsistent(saved);
      const demo = saved.wallets.find((wallet) => wallet.mobile === '2348000000000')!;
      const now = { developers: saved.developers.length, apps: saved.apps.length, transactions: demo.transactions.length };
      assert.ok(
        now.developers >= previous.developers && now.apps >= previous.apps && now.transactions >= previous.transactions,
        `round ${round}: nothing saved before was lost`,
      );
      lines.push(
        `  round ${round + 1}: killed after ${killAfter[round]} ms, ${acknowledged.writes} writes acknowledged; file ${(text.length / 1024).toFixed(0)} KiB, ${now.developers} developers, ${now.apps} apps, ${now.transactions} demo transactions`,
      );
      previous = now;
    }
    assert.ok(!existsSync(`${dataFile}.corrupt`), 'never found corrupt');
    const leftovers = readdirSync(dir).filter((name) => name.endsWith('.tmp'));
    const final = await start(cli.file, dataFile);
    final.child.kill('SIGTERM');
    await final.exited;
    assert.doesNotMatch(final.stderr(), /not a valid state file/);
    console.log(
      `\n    State file under SIGKILL (${cli.label}): ${rounds} kills, ${totalWrites} writes acknowledged in all, the file parsed and was consistent every time;`,
    );
    console.log(
      `    ${leftovers.length} temporary file(s) from interrupted writes left beside it (harmless: never read).\n${lines.join('\n')}\n`,
    );
  });
});
