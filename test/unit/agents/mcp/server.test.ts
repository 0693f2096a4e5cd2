// The MCP server as an agent meets it: dist/sandbox.js --mcp started by the SDK's own client
// over stdio, its tools listed and called.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { openSharedSandbox, type SharedSandbox } from '../../../../src/sandbox';
import { whenOutput } from '../../support/childOutput';
import { within } from '../../support/eventually';

const REPO = path.resolve(__dirname, '../../../../..');
const CLI = path.join(REPO, 'dist', 'sandbox.js');

type CallResult = { content: { type: string; text?: string }[]; isError?: boolean };
const text = (result: unknown) => (result as CallResult).content.map((part) => part.text ?? '').join('\n');

describe('MCP server (npm run sandbox -- --mcp)', function () {
  this.timeout(30_000);
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  before(async () => {
    assert.ok(existsSync(CLI), 'dist/sandbox.js exists (npm run test:unit builds first)');
    transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--mcp', '--port', '0'], stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'wallet-console-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
  });

  it('lists the same tools as package.json languageModelTools: names, descriptions and input schemas', async () => {
    const { tools } = await client.listTools();
    const contributed = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).contributes.languageModelTools as {
      name: string;
      modelDescription: string;
      inputSchema: unknown;
    }[];
    assert.deepEqual(
      tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
      contributed.map((tool) => ({ name: tool.name, description: tool.modelDescription, inputSchema: tool.inputSchema })),
    );
    assert.equal(tools.length, 17);
    assert.equal(tools.find((tool) => tool.name === 'sandbox_reset_wallet')?.annotations?.readOnlyHint, false);
    assert.equal(tools.find((tool) => tool.name === 'wallet_balance')?.annotations?.readOnlyHint, true);
  });

  it('keeps stdout for the protocol: the banner went to stderr', () => {
    assert.match(stderr, /Wallet sandbox listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  it('answers a read tool with compact text naming the environment', async () => {
    const result = await client.callTool({ name: 'wallet_transactions', arguments: { pageSize: 3, type: 'bank' } });
    const answer = text(result);
    assert.equal((result as CallResult).isError, false, answer);
    assert.match(answer, /^Environment: the standalone sandbox at http:\/\/127\.0\.0\.1:\d+\.$/m);
    assert.match(answer, /^Page 1: bank transactions 1 to 3, newest first/m);
    const rows = answer.split('\n').filter((line) => / \| bank transfer \| /.test(line));
    assert.equal(rows.length, 3, answer);
    // Ten digits on their own (a 24-hex reference may hold a run of ten digits between letters).
    assert.doesNotMatch(answer, /(?<![\da-f])\d{10}(?![\da-f])/i, 'no full account number');
  });

  it('runs an action: a phone transfer moves exactly its amount out of the demo wallet', async () => {
    const balanceOf = async () => {
      const answer = text(await client.callTool({ name: 'wallet_balance', arguments: {} }));
      return Number(/\((\d+) kobo\)/.exec(answer)?.[1]);
    };
    const before = await balanceOf();
    const result = await client.callTool({ name: 'sandbox_phone_transfer', arguments: { mobile: '2349090000000', amountKobo: 12_345 } });
    const answer = text(result);
    assert.equal((result as CallResult).isError, false, answer);
    assert.match(answer, /Phone transfer of ₦123\.45 \(12345 kobo\) to 234\*+0000: done, reference [0-9a-f]{24}\./);
    assert.equal(await balanceOf(), before - 12_345);
  });

  it("lists the sandbox's findings, masked, with how to fix each", async () => {
    const url = /Wallet sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
    assert.ok(url, stderr);
    const secret = 'pk_live_0123456789abcdef0123456789abcdef';
    // An app that puts its key in a URL (secret-in-url, docs/integration-review.md).
    await fetch(`${url}/v1/users/balance?appKey=${secret}`);
    const result = await client.callTool({ name: 'wallet_findings', arguments: { severity: 'error' } });
    const answer = text(result);
    assert.equal((result as CallResult).isError, false, answer);
    assert.match(
      answer,
      /^error secret-in-url: GET \/v1\/users\/balance carries a secret in its query string \(appKey\) \(requests \d+\)$/m,
    );
    assert.match(answer, /^ {2}Fix: send the app key as `X-App-Key`/m);
    assert.ok(!answer.includes(secret), 'the key is not in the answer');
    const none = text(await client.callTool({ name: 'wallet_findings', arguments: { severity: 'info' } }));
    assert.match(none, /^No info findings \(of \d+\)\.$/m);
  });

  it('says what was wrong with invalid input, and does nothing', async () => {
    const result = await client.callTool({ name: 'sandbox_advance_clock', arguments: { seconds: -5 } });
    assert.equal((result as CallResult).isError, true);
    assert.match(text(result), /^Invalid input for sandbox_advance_clock: seconds: /);
  });
});

// Issue 25: VS Code's MCP server ran a sandbox of its own, on a state file of its own, so an
// agent and the Wallet view could report different balances. Given the extension's state file,
// it now uses the sandbox that serves it (here one in this process, as a window's would be).
describe('MCP server on the extension’s state file', function () {
  this.timeout(30_000);
  let dir: string;
  let owner: SharedSandbox;
  let client: Client;
  let stderr = '';
  /** The MCP server's stderr, where it says what it serves. */
  let stderrStream: Readable;
  const DEMO = '2348000000000';
  const balanceOf = async () => {
    const answer = text(await client.callTool({ name: 'wallet_balance', arguments: {} }));
    return Number(/\((\d+) kobo\)/.exec(answer)?.[1]);
  };

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wallet-mcp-shared-'));
    const dataFile = path.join(dir, 'sandbox-state.json');
    owner = await openSharedSandbox({ dataFile, role: 'window', port: 0, log: () => undefined });
    owner.inProcess!.setBalance(DEMO, 777_777);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--mcp', '--port', '0', '--data', dataFile],
      stderr: 'pipe',
    });
    stderrStream = transport.stderr as Readable;
    stderrStream.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'wallet-console-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
    await owner?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sees the balance the extension’s sandbox holds, and says whose sandbox it uses', async () => {
    assert.match(stderr, new RegExp(`Wallet sandbox at ${owner.client.url}, served by a VS Code window \\(pid ${process.pid}\\)`));
    assert.equal(await balanceOf(), 777_777);
    const answer = text(await client.callTool({ name: 'wallet_balance', arguments: {} }));
    assert.match(
      answer,
      new RegExp(`^Environment: the sandbox at ${owner.client.url} that a VS Code window \\(pid ${process.pid}\\) serves`, 'm'),
    );
  });

  it('moves money in that one world: the window’s sandbox has the agent’s transfer', async () => {
    const result = await client.callTool({ name: 'sandbox_phone_transfer', arguments: { mobile: '2349090000000', amountKobo: 7_777 } });
    assert.equal((result as CallResult).isError, false, text(result));
    const sandbox = owner.inProcess!;
    assert.deepEqual(
      sandbox.requests
        .list()
        .filter((request) => request.path === '/v1/users/transfers/phone')
        .map((request) => request.status),
      [200],
    );
    const recent = text(await client.callTool({ name: 'wallet_recent_requests', arguments: { limit: 5 } }));
    assert.match(recent, /POST \/v1\/users\/transfers\/phone/);
    const fault = await client.callTool({ name: 'sandbox_inject_fault', arguments: { path: '/v1/users/balance', status: 503, times: 1 } });
    assert.equal((fault as CallResult).isError, false, text(fault));
    assert.deepEqual(
      sandbox.knobs.faults.map((one) => [one.path, one.status, one.times]),
      [['/v1/users/balance', 503, 1]],
    );
    // Issue 53: the phase is the sandbox's own field, so the tool takes what the sandbox takes.
    const after = await client.callTool({
      name: 'sandbox_inject_fault',
      arguments: { path: '/v1/users/transfers/phone', phase: 'after', drop: true, times: 1 },
    });
    assert.match(text(after), /after the work \(the money moves\), drop the connection, 1 time/);
    assert.equal(sandbox.knobs.faults.at(-1)?.phase, 'after');
    const refused = await client.callTool({ name: 'sandbox_inject_fault', arguments: { path: '/v1/*', phase: 'during', status: 500 } });
    assert.equal((refused as CallResult).isError, true, text(refused));
    sandbox.clearFaults();
    assert.equal(await balanceOf(), 777_777 - 7_777);
  });

  it('when the window’s sandbox goes away, says so, and opens the state file on its next tool call, with everything in it', async () => {
    const url = owner.client.url;
    await owner.close();
    // Its line saying the server went away, read as its stderr comes.
    await within(
      whenOutput(
        stderrStream,
        () => (/went away; the next call opens it here/.test(stderr) ? true : undefined),
        () => `the MCP server's stderr ended before it said the server went away: ${stderr}`,
      ),
      () => `the MCP server said the window's sandbox went away: ${stderr}`,
      20_000,
    );
    assert.match(stderr, /which served .*sandbox-state\.json, went away; the next call opens it here/);
    assert.doesNotMatch(stderr, /serves .* now/, 'nothing is opened before a tool needs it');
    assert.equal(await balanceOf(), 777_777 - 7_777, 'the next tool call is answered, from the same file');
    assert.match(stderr, new RegExp(`the MCP server \\(pid \\d+\\) serves .*sandbox-state\\.json now, at ${url}\\.`));
  });
});
