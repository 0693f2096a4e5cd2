// `wallet-sandbox check-webhook`: exit statuses, --json, both modes (a sandbox of its own whose env
// the handler reads, and --sandbox with the handler's env), and one spawned run through the CLI's entry.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { parseCheckWebhookArgs, runCheckWebhook } from '../../../src/sandbox/checkWebhookCli';
import { newCheckApp, type CheckCredentials, type WebhookCheckReport } from '../../../src/sandbox/webhookCheck';
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
    assert.equal(report.cases.length, 6);
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
      assert.match(out.at(-1)!, /failed 1 of 6 cases/);
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
});
