// `wallet-sandbox check-webhook`: exit statuses, --json, both modes (a sandbox of its own whose env
// the handler reads, and --sandbox with the handler's env), and one spawned run through the CLI's entry.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { startSandbox, type CheckCredentials, type Sandbox, type WebhookCheckReport } from '../../../src/sandbox';
import { apiCall, newCheckApp } from '../../../src/sandbox/webhookCheck/walletCalls';
import { parseCheckWebhookArgs, runCheckWebhook } from '../../../src/sandbox/cli/checkWebhookCli';
import { CAREFUL, localHandler, type LocalHandler } from './handlers';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

describe('webhook check: the CLI subcommand', function () {
  this.timeout(60_000);
  let handler: LocalHandler | undefined;
  afterEach(async () => {
    await handler?.close();
    handler = undefined;
  });

  it('refuses bad arguments with status 2 and a way forward', async () => {
    for (const argv of [[], ['not a url'], ['http://127.0.0.1:1/h', '--sandbox'], ['http://127.0.0.1:1/h', '--bogus']]) {
      const { err, output } = capture();
      assert.equal(await runCheckWebhook(argv, output), 2, argv.join(' '));
      assert.match(err.join('\n'), /Run with --help/);
    }
    assert.equal(parseCheckWebhookArgs(['--help']), 'help');
    assert.deepEqual(parseCheckWebhookArgs(['http://127.0.0.1:3000/w', '--sandbox=http://127.0.0.1:4010/x', '--json']), {
      handlerUrl: 'http://127.0.0.1:3000/w',
      sandboxUrl: 'http://127.0.0.1:4010',
      json: true,
    });
  });

  it('without --sandbox: starts one, prints the env the handler reads, exits 0 when every case passes', async () => {
    const { out, err, output } = capture();
    const env = (name: string) => new RegExp(`${name}=(\\S+)`).exec(err.join('\n'))?.[1] ?? '';
    handler = await localHandler(
      CAREFUL,
      () => env('WALLET_BASE_URL'),
      () => ({ appKey: env('WALLET_APP_KEY'), accessToken: env('WALLET_ACCESS_TOKEN') }),
    );
    assert.equal(await runCheckWebhook([handler.url, '--json'], output), 0, err.join('\n'));
    assert.equal(out.length, 1, 'stdout carries only the report');
    const report = JSON.parse(out[0]!) as WebhookCheckReport;
    assert.equal(report.passed, true);
    assert.equal(report.cases.length, 11);
    assert.deepEqual(
      report.cases.filter((row) => !row.passed).map((row) => [row.name, row.advisory]),
      [['never-sent', true]],
      'the one case not passed is a note for the app, and the exit status is 0',
    );
    assert.match(err.join('\n'), /WALLET_BASE_URL=http:\/\/127\.0\.0\.1:\d+/);
  });

  describe('with --sandbox', () => {
    let sandbox: Sandbox;
    let credentials: CheckCredentials;
    before(async () => {
      sandbox = await startSandbox({ port: 0, log: () => undefined });
      credentials = await newCheckApp(sandbox.url);
    });
    after(() => sandbox.close());
    const env = () => ({ WALLET_APP_KEY: credentials.appKey, WALLET_ACCESS_TOKEN: credentials.accessToken });

    it('exits 1 when a case fails, and the table names it', async () => {
      handler = await localHandler(
        { ...CAREFUL, requery: 'never' },
        () => sandbox.url,
        () => credentials,
      );
      const { out, output } = capture();
      assert.equal(await runCheckWebhook([handler.url, '--sandbox', sandbox.url], output, env()), 1);
      assert.match(out.join('\n'), /^FAIL {2}forgery/m);
      assert.match(out.join('\n'), /^PASS {2}bank-transfer/m);
      assert.match(out.join('\n'), /^PASS {2}concurrent {7}HTTP 200 x3/m);
      assert.match(out.join('\n'), /^NOTE {2}never-sent {7}not sent/m);
      assert.match(out.at(-1)!, /failed 3 of 10 cases\. 1 note for the app \(not counted\)\./);
    });

    it('asks for the handler’s env (status 2) when it is missing', async () => {
      const { err, output } = capture();
      assert.equal(await runCheckWebhook(['http://127.0.0.1:9/h', '--sandbox', sandbox.url], output, {}), 2);
      assert.match(err.join('\n'), /WALLET_APP_KEY and WALLET_ACCESS_TOKEN/);
    });

    it('runs through the sandbox CLI entry (check-webhook dispatch) and exits 0 for a careful handler', async () => {
      handler = await localHandler(
        CAREFUL,
        () => sandbox.url,
        () => credentials,
      );
      const entry = path.resolve(__dirname, '../../../src/sandboxCli.js');
      const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [entry, 'check-webhook', handler!.url, '--sandbox', sandbox.url, '--json'],
          { env: { ...process.env, ...env() } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        ),
      );
      assert.equal(result.code, 0, result.stderr);
      assert.equal((JSON.parse(result.stdout) as WebhookCheckReport).passed, true);
    });
  });

  it('takes --namespace-key and --admin-token (or WALLET_SANDBOX_ADMIN_TOKEN) with --sandbox, and refuses them without', async () => {
    const handlerUrl = 'http://127.0.0.1:3000/w';
    assert.deepEqual(
      parseCheckWebhookArgs([
        handlerUrl,
        '--sandbox',
        'http://127.0.0.1:4010',
        '--namespace-key',
        'sk_test_ns_0001',
        '--admin-token=admin-token-0123456789',
      ]),
      {
        handlerUrl,
        sandboxUrl: 'http://127.0.0.1:4010',
        json: false,
        namespaceKey: 'sk_test_ns_0001',
        adminToken: 'admin-token-0123456789',
      },
    );
    for (const argv of [
      [handlerUrl, '--admin-token', 'admin-token-0123456789'],
      [handlerUrl, '--namespace-key', 'sk_test_ns_0001'],
      [handlerUrl, '--sandbox', 'http://127.0.0.1:4010', '--admin-token'],
      [handlerUrl, '--sandbox', 'http://127.0.0.1:4010', '--admin-token', 'has a space in it 0123'],
      [handlerUrl, '--sandbox', 'http://127.0.0.1:4010', '--admin-tokn=admin-token-0123456789'],
    ]) {
      const { err, output } = capture();
      assert.equal(await runCheckWebhook(argv, output, {}), 2, argv.join(' '));
      assert.match(err.join('\n'), /Run with --help/);
      assert.ok(!err.join('\n').includes('0123'), 'a usage error never repeats a token');
    }
    const { out, output } = capture();
    await runCheckWebhook(['--help'], output);
    assert.match(out.join('\n'), /--namespace-key <key>/);
    assert.match(out.join('\n'), /--admin-token <token>/);
    assert.match(out.join('\n'), /WALLET_SANDBOX_ADMIN_TOKEN/);
  });

  it('with --sandbox, checks a handler whose app is a namespace’s: the admin calls reach that namespace', async () => {
    const sandbox = await startSandbox({ port: 0, log: () => undefined });
    try {
      const namespace = await sandbox.namespaces.create();
      const app = { 'X-App-Key': namespace.appKey };
      const mobile = '2349090000000';
      await apiCall(sandbox.url, 'POST', '/v1/users/auth', app, { mobile, factor: 'sms' });
      const verified = await apiCall(sandbox.url, 'POST', '/v1/users/auth', app, { mobile, factor: 'sms', passcode: '111111' });
      const credentials = { appKey: namespace.appKey, accessToken: verified.data?.['accessToken'] as string };
      handler = await localHandler(
        CAREFUL,
        () => sandbox.url,
        () => credentials,
      );
      const env = { WALLET_APP_KEY: credentials.appKey, WALLET_ACCESS_TOKEN: credentials.accessToken };
      const { out, err, output } = capture();
      assert.equal(await runCheckWebhook([handler.url, '--sandbox', sandbox.url, '--json'], output, env), 0, err.join('\n'));
      assert.equal((JSON.parse(out[0]!) as WebhookCheckReport).passed, true);
      assert.equal(sandbox.events().length, 0, "the sandbox's own world got none of it");
      const again = capture();
      const flagged = [handler.url, '--sandbox', sandbox.url, '--namespace-key', namespace.appKey];
      assert.equal(await runCheckWebhook(flagged, again.output, env), 0, again.err.join('\n'));
    } finally {
      await sandbox.close();
    }
  });

  it('with --sandbox on a sandbox started with --allow-remote: sends the admin token it is given, and says it is needed without it', async () => {
    const token = 'check-admin-token-0123456789';
    const sandbox = await startSandbox({ port: 0, allowRemote: true, adminToken: token, log: () => undefined });
    try {
      const credentials = await newCheckApp(sandbox.url);
      handler = await localHandler(
        CAREFUL,
        () => sandbox.url,
        () => credentials,
      );
      const env = { WALLET_APP_KEY: credentials.appKey, WALLET_ACCESS_TOKEN: credentials.accessToken };
      const refused = capture();
      assert.equal(await runCheckWebhook([handler.url, '--sandbox', sandbox.url], refused.output, env), 1);
      assert.match(refused.err.join('\n'), /admin token.*\(--admin-token or WALLET_SANDBOX_ADMIN_TOKEN\)/);
      const wrong = capture();
      assert.equal(
        await runCheckWebhook([handler.url, '--sandbox', sandbox.url], wrong.output, {
          ...env,
          WALLET_SANDBOX_ADMIN_TOKEN: `${token}-not`,
        }),
        1,
      );
      assert.match(wrong.err.join('\n'), /does not match/, 'the token from the environment was sent');
      assert.ok(!wrong.err.join('\n').includes(token), 'never repeated');
      const { out, err, output } = capture();
      assert.equal(
        await runCheckWebhook([handler.url, '--sandbox', sandbox.url, '--admin-token', token, '--json'], output, env),
        0,
        err.join('\n'),
      );
      assert.equal((JSON.parse(out[0]!) as WebhookCheckReport).passed, true);
    } finally {
      await sandbox.close();
    }
  });
});
