import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { openSharedSandbox, startSandbox } from '../../../src/sandbox';
import { CliConfig, hereClient, isLoopback, parseArgs, runCli, USAGE } from '../../../src/sandbox/cli/cli';
import * as cliParent from '../../../src/sandbox/cli/cliParent';
import { launchChain, readProcessTable } from '../../../src/sandbox/cli/cliParent';
import { call, expectOk } from './helpers';
import { whenOutput } from '../support/childOutput';

// The compiled CLI entry: out/src/sandboxCli.js.
const CLI = path.resolve(__dirname, '../../../src/sandboxCli.js');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

function waitForLine(runner: Run, pattern: RegExp): Promise<RegExpExecArray> {
  return whenOutput(
    runner.child.stdout!,
    () => pattern.exec(runner.stdout()) ?? undefined,
    () => `no match for ${pattern}; stdout: ${runner.stdout()} stderr: ${runner.stderr()}`,
  );
}

describe('sandbox: CLI', () => {
  it('parses flags', () => {
    assert.deepEqual(parseArgs([]), { options: { port: 4010 }, allowRemote: false, json: false, findings: {} });
    assert.deepEqual(
      parseArgs([
        '--port',
        '0',
        '--data',
        'x.json',
        '--token-lifetime=60',
        '--latency',
        '5',
        '--seed',
        '3',
        '--scenario',
        's.json',
        '--json',
      ]),
      {
        options: { port: 0, dataFile: 'x.json', tokenLifetimeSeconds: 60, seed: 3, scenario: 's.json' },
        latencyMs: 5,
        allowRemote: false,
        json: true,
        findings: {},
      },
    );
    assert.deepEqual(
      (parseArgs(['--findings-baseline', 'b.json', '--findings-format', 'sarif', '--findings-format=junit']) as CliConfig).findings,
      {
        baseline: 'b.json',
        formats: ['sarif', 'junit'],
      },
    );
    assert.throws(() => parseArgs(['--findings-format', 'xml']), /--findings-format takes sarif or junit, got "xml"/);
    assert.throws(() => parseArgs(['--findings-baseline']), /--findings-baseline needs a value/);
    assert.equal(parseArgs(['--help']), 'help');
    assert.deepEqual((parseArgs(['--frozen-clock']) as CliConfig).options.clock, { frozen: true });
    assert.throws(() => parseArgs(['--port', 'abc']), /--port needs a whole number/);
    assert.throws(() => parseArgs(['--port', '70000']), /--port/);
    assert.throws(() => parseArgs(['--port']), /needs a value/);
    assert.throws(() => parseArgs(['--bogus']), /Unknown option "--bogus"/);
    assert.throws(() => parseArgs(['--host', '0.0.0.0']), /--allow-remote/);
    assert.equal((parseArgs(['--host', '0.0.0.0', '--allow-remote']) as CliConfig).options.host, '0.0.0.0');
    assert.ok(isLoopback('127.0.0.2') && isLoopback('::1') && isLoopback('localhost') && !isLoopback('192.168.1.5'));
    // What follows -- is the command, flags and all.
    assert.deepEqual((parseArgs(['--json', '--', 'npm', 'run', 'x', '--port', '1']) as CliConfig).command, [
      'npm',
      'run',
      'x',
      '--port',
      '1',
    ]);
    assert.throws(() => parseArgs(['--']), /-- needs a command/);
  });

  it("watches npm's processes up to the one that ran npm, and only under npm", async function () {
    if (process.platform === 'win32') this.skip();
    const processes = new Map([
      [process.ppid, { ppid: 500, command: "sh -c 'wallet-sandbox' --port 0" }],
      [500, { ppid: 400, command: 'npm exec wallet-sandbox --port 0' }],
      [400, { ppid: 300, command: 'python3 -m unittest' }],
      [300, { ppid: 1, command: 'bash' }],
    ]);
    let reads = 0;
    const table = async () => (reads++, processes);
    assert.deepEqual(await launchChain({ npm_execpath: '/usr/lib/npm-cli.js' }, table), [process.ppid, 500, 400]);
    assert.equal(reads, 1, 'one read of the process table');
    assert.deepEqual(await launchChain({}, table), [process.ppid], 'not started by npm: its parent only');
    assert.equal(reads, 1, 'not started by npm: no read of the process table');
  });

  for (const [where, proc] of [
    ['/proc (Linux)', true],
    ['one ps (macOS)', false],
  ] as const) {
    it(`reads the real process table from ${where}: this process, its parent and its command line`, async function () {
      if (process.platform === 'win32' || (proc && process.platform !== 'linux')) this.skip();
      const table = await readProcessTable(proc);
      const me = table.get(process.pid);
      assert.equal(me?.ppid, process.ppid);
      assert.ok(me?.command.includes(process.argv[1] ?? '?'), `its command line names its script: ${me?.command}`);
      assert.equal(table.get(2 ** 30), undefined, 'no such process');
    });
  }

  // A launcher may act on the ready line at once (`kill $!` on npx); a chain read after that was
  // init's, and the sandbox outlived its launcher for good (a CI run's packageCli test, 2026-11-27).
  it('reads its launch chain before it prints anything', async function () {
    const printed: string[] = [];
    const output = { out: (line: string) => void printed.push(line), err: (line: string) => void printed.push(line) };
    const realChain = cliParent.launchChain;
    let printedBeforeChain: number | undefined;
    const signalListeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    (cliParent as { launchChain: typeof launchChain }).launchChain = async (...args) => {
      const chain = await realChain(...args);
      printedBeforeChain = printed.length;
      return chain;
    };
    let running: Awaited<ReturnType<typeof runCli>>;
    try {
      running = await runCli(['--port', '0', '--json'], output, USAGE, { role: 'cli', local: hereClient });
    } finally {
      (cliParent as { launchChain: typeof launchChain }).launchChain = realChain;
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        for (const listener of process.listeners(signal)) if (!signalListeners[signal].includes(listener)) process.off(signal, listener);
      }
    }
    await running?.close();
    assert.match(printed.join('\n'), /"url":"http:\/\/127\.0\.0\.1:\d+"/, 'the ready line was printed');
    assert.notEqual(printedBeforeChain, undefined, 'runCli read no launch chain of its own');
    assert.equal(printedBeforeChain, 0, `the launch chain was read after ${printedBeforeChain} line(s) were printed`);
  });

  it('starts, prints its URL, serves, and stops cleanly on SIGTERM with state flushed', async function () {
    this.timeout(20000);
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-cli-'));
    const dataFile = path.join(dir, 'state.json');
    const runner = run(['--port', '0', '--data', dataFile]);
    try {
      const [, url] = await waitForLine(runner, /^Wallet sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/m);
      const health = await expectOk(call(url!, 'GET', '/__sandbox/health'));
      assert.equal(health.json['data'].status, 'ok');
      // The bundle carries the OpenAPI document and says where it is.
      const [, openApiUrl] = await waitForLine(runner, /^OpenAPI document .*: (http:\S+)$/m);
      assert.equal(openApiUrl, `${url}/__sandbox/openapi.json`);
      const openApi = await call(openApiUrl!, 'GET', '');
      assert.equal(openApi.status, 200);
      assert.equal(openApi.json['openapi'], '3.1.0');
      await expectOk(call(url!, 'POST', '/v1/auth/signup', { body: { email: 'cli@example.ng', password: 'cli-password' } }));
      runner.child.kill('SIGTERM');
      assert.equal(await runner.exited, 0);
      const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { developers: { email: string }[] };
      assert.deepEqual(
        saved.developers.map((d) => d.email),
        ['cli@example.ng'],
      );
    } finally {
      runner.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --json and a scenario, prints one JSON line when ready and nothing else on stdout', async function () {
    this.timeout(20000);
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-json-'));
    const scenario = path.join(dir, 'wallet-sandbox.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        developers: [{ email: 'ci@example.ng', password: 'ci-password', apps: [{ name: 'ci', sandboxKey: 'sk_test_ci_000000001' }] }],
        wallets: [{ mobile: '08031112222', balance: 250_000, passcode: '123456' }],
      }),
    );
    const runner = run(['--port', '0', '--json', '--scenario', scenario]);
    try {
      const [line] = await waitForLine(runner, /^\{.*\}\n/);
      const ready = JSON.parse(line) as {
        url: string;
        port: number;
        apps: { sandboxKey: string }[];
        wallets: { mobile: string; balance: number }[];
      };
      assert.equal(ready.url, `http://127.0.0.1:${ready.port}`);
      assert.deepEqual(
        ready.apps.map((app) => app.sandboxKey),
        ['sk_test_ci_000000001'],
      );
      assert.deepEqual(
        ready.wallets.map(({ mobile, balance }) => ({ mobile, balance })),
        [{ mobile: '2348031112222', balance: 250_000 }],
      );
      await expectOk(call(ready.url, 'GET', '/__sandbox/health'));
      await expectOk(call(ready.url, 'GET', '/v1/queries/banks', { headers: { 'x-app-key': 'sk_test_ci_000000001' } }));
      runner.child.kill('SIGINT');
      assert.equal(await runner.exited, 0);
      assert.equal(runner.stdout(), `${line}`, 'stdout holds the one JSON line only');
      assert.match(runner.stderr(), /Wallet sandbox listening on/, 'the banner goes to stderr');
    } finally {
      runner.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --json, shows the admin token only in the JSON line on stdout, never on stderr (CI logs keep it)', async function () {
    this.timeout(20000);
    const runner = run(['--port', '0', '--host', '127.0.0.1', '--allow-remote', '--json']);
    try {
      const [line] = await waitForLine(runner, /^\{.*\}\n/);
      const { adminToken } = JSON.parse(line) as { adminToken: string };
      assert.match(adminToken, /^[0-9a-f]{32}$/);
      runner.child.kill('SIGINT');
      assert.equal(await runner.exited, 0);
      assert.equal(runner.stdout(), line, 'stdout holds the one JSON line only');
      assert.match(runner.stderr(), /Wallet sandbox listening on/, 'the banner goes to stderr');
      assert.ok(!runner.stderr().includes(adminToken), `no token on stderr: ${runner.stderr().replaceAll(adminToken, '<the token>')}`);
      assert.match(runner.stderr(), /Admin API token .*adminToken/, 'stderr says where the token is');
    } finally {
      runner.child.kill('SIGKILL');
    }
  });

  // A harness may stop the sandbox the moment it reads the ready line; a signal that came before
  // the CLI listened for it killed the process (exit by signal, the state not flushed).
  it('listens for SIGINT and SIGTERM before it prints its ready line', async () => {
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const listening: string[] = [];
    const output = {
      out: (line: string) => {
        const added = (['SIGINT', 'SIGTERM'] as const).filter((signal) => process.listenerCount(signal) > before[signal].length);
        listening.push(`${line.slice(0, 8)}: ${added.join(', ')}`);
      },
      err: () => undefined,
    };
    let running: Awaited<ReturnType<typeof runCli>>;
    try {
      running = await runCli(['--port', '0', '--json'], output, USAGE, { role: 'cli', local: hereClient });
    } finally {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) process.off(signal, listener);
      }
    }
    await running?.close();
    assert.deepEqual(listening, ['{"url":": SIGINT, SIGTERM']);
  });

  it('exits 1 with one line naming the JSON path at fault in a bad scenario', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-sandbox-bad-'));
    const scenario = path.join(dir, 'wallet-sandbox.json');
    writeFileSync(
      scenario,
      JSON.stringify({ wallets: [{ mobile: '08031112222' }, { mobile: '08031112223' }, { mobile: '08031112224', balance: '5' }] }),
    );
    try {
      const bad = run(['--port', '0', '--json', '--scenario', scenario]);
      assert.equal(await bad.exited, 1);
      assert.equal(bad.stdout(), '');
      assert.equal(bad.stderr(), `wallet sandbox: ${scenario}: wallets[2].balance: must be an integer number of kobo\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints usage for --help and exits 0', async () => {
    const runner = run(['--help']);
    assert.equal(await runner.exited, 0);
    assert.match(runner.stdout(), /Usage: npm run sandbox -- \[options\]/);
    assert.match(runner.stdout(), /--allow-remote/);
  });

  it('exits 2 with a clear message on a bad flag or a remote host', async () => {
    const bad = run(['--port', 'nope']);
    assert.equal(await bad.exited, 2);
    assert.match(bad.stderr(), /--port needs a whole number from 0 to 65535, got "nope"/);
    const remote = run(['--host', '0.0.0.0']);
    assert.equal(await remote.exited, 2);
    assert.match(remote.stderr(), /Refusing to listen on 0\.0\.0\.0/);
  });

  it('exits 1 naming a port in use and how to pick another (--port), and leaves what listens there alone', async () => {
    const taken = await startSandbox({ port: 0, log: () => undefined });
    try {
      const second = run(['--port', String(taken.port)]);
      assert.equal(await second.exited, 1);
      assert.equal(second.stdout(), '', 'no banner: it serves nothing');
      assert.equal(
        second.stderr(),
        `wallet sandbox: port ${taken.port} on 127.0.0.1 is already in use (another sandbox or server?); ` +
          'pick another with --port <n>, or --port 0 for a free one\n',
      );
      await expectOk(call(taken.url, 'GET', '/__sandbox/health'));
    } finally {
      await taken.close();
    }
  });

  // A helper ran `--data /dev/null` as root (2026-12-02): the sandbox read it as a corrupt state
  // file, moved /dev/null aside and wrote a regular file in its place; every `stdio: 'ignore'`
  // spawn on the machine then failed. Tried through a link to it, so a failure cannot harm /dev/null.
  it('refuses a state file that is a device or a directory, and leaves it as it was', async function () {
    if (process.platform === 'win32') this.skip();
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-cli-device-'));
    try {
      const device = path.join(dir, 'null');
      symlinkSync('/dev/null', device);
      for (const dataFile of [device, dir]) {
        const started = run(['--port', '0', '--data', dataFile]);
        assert.equal(await started.exited, 1);
        assert.equal(started.stdout(), '', 'no banner: it serves nothing');
        assert.match(started.stderr(), /^wallet sandbox: the state file .* is not a regular file \(a device, a directory or a pipe\)/);
      }
      assert.ok(lstatSync(device).isSymbolicLink() && statSync(device).isCharacterDevice(), 'the link and its device are as they were');
      assert.deepEqual(readdirSync(dir), ['null'], 'nothing written beside them (no .corrupt, no .owner)');
      await assert.rejects(startSandbox({ dataFile: dir, log: () => undefined }), /is not a regular file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 naming the process that serves the state file, and leaves that sandbox as it was', async function () {
    this.timeout(15_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-cli-owned-'));
    const dataFile = path.join(dir, 'state.json');
    const owner = await openSharedSandbox({ dataFile, role: 'window', port: 0, log: () => undefined });
    try {
      const second = run(['--port', '0', '--data', dataFile]);
      assert.equal(await second.exited, 1);
      assert.equal(second.stdout(), '', 'no banner: it serves nothing');
      assert.match(
        second.stderr(),
        new RegExp(`state\\.json is served by a VS Code window \\(pid ${process.pid}\\) at ${owner.client.url}\\. Use that address`),
      );
      await expectOk(call(owner.client.url, 'GET', '/__sandbox/health'));
    } finally {
      await owner.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // npm run test:unit builds first, so the bundle the README's command runs is checked too.
  it('is built into dist/sandbox.js by npm run build', () => {
    const bundle = path.resolve(__dirname, '../../../../dist/sandbox.js');
    assert.ok(existsSync(bundle), 'dist/sandbox.js exists (run npm run build)');
    assert.match(readFileSync(bundle, 'utf8'), /Wallet sandbox listening on/);
  });
});
