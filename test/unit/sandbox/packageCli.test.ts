import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageProject, ROOT, run } from '../support/packedSandbox';
import { CliReady, readyLine } from '../support/cliReady';

// `npx wallet-sandbox` as a package user runs it (issue 37): --version, init, the starter world
// without a scenario, `-- command`, and the end of the process that started it ending the
// sandbox (a parent killed with SIGKILL, `kill $!` on npx in a shell).

type Ready = CliReady;

async function listening(url: string): Promise<boolean> {
  return fetch(`${url}/__sandbox/health`).then(
    () => true,
    () => false,
  );
}

function running(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
}

/** Polls until the sandbox's process has ended (it checks its launcher twice a second), then that nothing listens. */
async function stopsListening(url: string, pid: number): Promise<void> {
  for (let i = 0; i < 100 && running(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const left = running(pid);
  if (left) process.kill(pid, 'SIGKILL');
  assert.equal(left, false, `the sandbox (pid ${pid}) was still running`);
  assert.equal(await listening(url), false);
}

async function signIn(ready: Ready): Promise<boolean> {
  const wallet = ready.wallets[0]!;
  const headers = { 'X-App-Key': ready.apps[0]!.sandboxKey, 'Content-Type': 'application/json' };
  const post = (body: object): Promise<{ success: boolean }> =>
    fetch(`${ready.url}/v1/users/auth`, { method: 'POST', headers, body: JSON.stringify(body) }).then(
      (answer) => answer.json() as Promise<{ success: boolean }>,
    );
  await post({ mobile: wallet.mobile, factor: 'sms' });
  return (await post({ mobile: wallet.mobile, factor: 'sms', passcode: wallet.passcode })).success;
}

describe('sandbox package: npx wallet-sandbox', function () {
  this.timeout(120_000);
  let dir: string;

  before(async () => {
    const { project } = await packageProject();
    dir = path.join(project, 'cli');
    mkdirSync(dir);
  });

  it('--version says the package version', async () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const { stdout } = await run('npx', ['--no-install', 'wallet-sandbox', '--version'], { cwd: dir });
    assert.equal(stdout.trim(), version);
  });

  it('init writes a starter wallet-sandbox.json with a $schema that resolves offline, and never overwrites one', async () => {
    const { stdout } = await run('npx', ['--no-install', 'wallet-sandbox', 'init'], { cwd: dir });
    assert.match(stdout, /^Wrote wallet-sandbox\.json: a demo app \(X-App-Key sk_test_wallet_sandbox_demo\)/);
    const file = path.join(dir, 'wallet-sandbox.json');
    const written = readFileSync(file, 'utf8');
    const scenario = JSON.parse(written) as { $schema: string; $comment: string[] };
    assert.ok(existsSync(path.join(path.dirname(dir), scenario.$schema)), `${scenario.$schema} from the project root`);
    assert.ok(scenario.$comment.length >= 3, 'it says what each part is');
    const again = await run('npx', ['--no-install', 'wallet-sandbox', 'init'], { cwd: dir }).then(
      () => assert.fail('a second init succeeded'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(again.code, 1);
    assert.match(again.stderr, /wallet-sandbox\.json exists already and is left as it is/);
    assert.equal(readFileSync(file, 'utf8'), written);
    // It is a scenario the sandbox starts in, and its key and passcode sign a wallet in.
    const child = spawn('npx', ['--no-install', 'wallet-sandbox', '--port', '0', '--json', '--scenario', 'wallet-sandbox.json'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      assert.ok(await signIn(await readyLine(child)));
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('without a scenario, the ready line gives a working app key and the demo wallets with their passcodes', async () => {
    const child = spawn('npx', ['--no-install', 'wallet-sandbox', '--port', '0', '--json'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const ready = await readyLine(child);
      assert.deepEqual(
        ready.wallets.map((wallet) => [wallet.mobile, wallet.passcode]),
        [
          ['2348000000000', '123456'],
          ['2349090000000', '111111'],
        ],
      );
      assert.equal(ready.apps[0]?.sandboxKey, 'sk_test_wallet_sandbox_demo');
      assert.ok(await signIn(ready));
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('-- command: runs it with WALLET_BASE_URL and WALLET_APP_KEY, exits with its status, leaves nothing running', async () => {
    const script =
      "fetch(process.env.WALLET_BASE_URL + '/__sandbox/health').then((a) => { console.log(process.env.WALLET_BASE_URL, process.env.WALLET_APP_KEY, a.status); process.exit(3); })";
    const failed = await run('npx', ['--no-install', 'wallet-sandbox', '--port', '0', '--', process.execPath, '-e', script], {
      cwd: dir,
    }).then(
      () => assert.fail('the command exited 3'),
      (error: { code: number; stdout: string }) => error,
    );
    assert.equal(failed.code, 3);
    const [url, key, status] = failed.stdout.trim().split(' ');
    assert.deepEqual([key, status], ['sk_test_wallet_sandbox_demo', '200']);
    assert.equal(await listening(url!), false);
  });

  it('ends when the process that started it is killed with SIGKILL (npx and its shell in between)', async () => {
    // A real parent: a Node program that starts npx and passes the ready line on, then is killed.
    const parentCode = `
      const child = require('node:child_process').spawn('npx', ['--no-install', 'wallet-sandbox', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.once('data', (chunk) => process.stdout.write(chunk));`;
    const parent = spawn(process.execPath, ['-e', parentCode], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    const ready = await readyLine(parent);
    assert.ok(await listening(ready.url));
    parent.kill('SIGKILL');
    await stopsListening(ready.url, ready.pid);
  });

  it('ends when a shell kills the npx it started in the background (kill $!)', async () => {
    // The ready line through a FIFO: read returns when it comes, however long that takes (60 s is
    // only the safety bound). The shell keeps the FIFO open: the sandbox never writes into a closed pipe.
    const script = `mkfifo ready.fifo
npx --no-install wallet-sandbox --port 0 --json > ready.fifo &
exec 3< ready.fifo
read -r ready <&3
kill $!
echo "$ready"`;
    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: dir, timeout: 60_000 });
    const ready = JSON.parse(stdout) as Ready;
    await stopsListening(ready.url, ready.pid);
  });
});
