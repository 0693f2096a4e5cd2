// Every template the command writes is checked as its language's tools would: TypeScript under
// `tsc --strict`, Python with `python3 -m py_compile` (and the Flask one run with Flask's test
// client where Flask is installed), Go with gofmt, go vet and the built server where a Go
// toolchain is installed, and as far as possible without one where it is not.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FRAMEWORKS, type FrameworkId } from '../../../src/webhookHandlers/frameworks';
import { handlerSource } from '../../../src/webhookHandlers/templates';
import { compileStrict, removeTempProjects, REPO, tempProject } from './generated';
import { whenOutput } from '../support/childOutput';
import { within } from '../support/eventually';
import { freePort } from '../support/freePort';
import { skipBecause } from '../support/skips';

const source = (id: FrameworkId) =>
  handlerSource(
    FRAMEWORKS.find((framework) => framework.id === id)!,
    REPO,
  );
const pythonHas = (module: string) => spawnSync('python3', ['-c', `import ${module}`]).status === 0;
const goInstalled = () => spawnSync('go', ['version']).status === 0;

describe('webhook handlers: the generated files', function () {
  this.timeout(60_000);
  after(removeTempProjects);

  it('every framework has a template that says amounts are kobo, and how its inbox works (in memory, for now) in its header', () => {
    assert.deepEqual(
      FRAMEWORKS.map((framework) => framework.id),
      ['express', 'express-js', 'nextjs', 'fastapi', 'flask', 'go'],
    );
    for (const framework of FRAMEWORKS) {
      const text = handlerSource(framework, REPO);
      assert.match(text, /kobo/, framework.id);
      assert.match(text, /BANK_TRANSFER/, framework.id);
      assert.match(text, /PHONE_TRANSFER/, framework.id);
      assert.match(text, /transactionReference/, framework.id);
      assert.match(text, /your app's database/, `${framework.id}: the in-memory inbox says where it belongs`);
      const header = text.slice(0, text.indexOf('How it works') + 2_000);
      assert.ok(text.indexOf('How it works') >= 0 && text.indexOf('How it works') < 1_200, `${framework.id}: the header says how it works`);
      for (const step of ['Keep, then answer', 'Retry what failed', 'WALLET_REFRESH_TOKEN', 'The inbox is in memory in this scaffold']) {
        assert.ok(header.includes(step), `${framework.id}: the header says "${step}"`);
      }
      assert.ok(text.includes(framework.path), `${framework.id} serves ${framework.path}`);
    }
  });

  it('Express in JavaScript: plain CommonJS (no type annotations) with the same checks; TypeScript names @types/express', () => {
    const js = source('express-js');
    assert.match(js, /^const express = require\('express'\);$/m);
    assert.match(js, /^exports\.walletWebhooks = walletWebhooks;$/m);
    assert.doesNotMatch(js, /\binterface |: unknown\b|\bas unknown\b|<string>|^import /m, 'no TypeScript left in it');
    assert.match(js, /@typedef [^@]*\} WalletWebhook$/m, 'the payload shapes, as JSDoc');
    assert.match(source('express'), /npm install -D @types\/express/);
    assert.doesNotMatch(js, /@types\/express/);
  });

  it('Express (TypeScript) compiles under tsc --strict against express and @types/express', () => {
    const dir = tempProject('express');
    fs.writeFileSync(path.join(dir, 'walletWebhook.ts'), source('express'));
    compileStrict(dir, 'walletWebhook.ts', { module: 'commonjs', esModuleInterop: true, noEmit: true, types: ['node'] });
  });

  it('the Next.js route handler compiles under tsc --strict with the web-standard Request/Response and Node’s types (no next)', () => {
    const dir = tempProject('next');
    fs.writeFileSync(path.join(dir, 'route.ts'), source('nextjs'));
    // process.env (its requery's settings) is Node's: every Next.js project has @types/node.
    compileStrict(dir, 'route.ts', {
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom'],
      types: ['node'],
      noEmit: true,
    });
    // A route file may export only its handlers (Next.js refuses others at build time).
    const exported = [...source('nextjs').matchAll(/^export\s+(?:async\s+)?(?:function|const|let|class|interface|type)\s+(\w+)/gm)].map(
      (m) => m[1],
    );
    assert.deepEqual(exported, ['POST']);
  });

  it('a TypeScript template with a type error is refused (the check can fail)', () => {
    const dir = tempProject('broken');
    fs.writeFileSync(
      path.join(dir, 'route.ts'),
      source('nextjs').replace(
        'const reference = event.data.transactionReference;',
        'const reference: number = event.data.transactionReference;',
      ),
    );
    assert.throws(
      () =>
        compileStrict(dir, 'route.ts', { module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [], noEmit: true }),
      /TS2322/,
    );
  });

  for (const id of ['fastapi', 'flask'] as const) {
    it(`${id} (Python) passes python3 -m py_compile`, () => {
      const dir = tempProject(id);
      const file = path.join(dir, 'wallet_webhook.py');
      fs.writeFileSync(file, source(id));
      execFileSync('python3', ['-m', 'py_compile', file]);
    });
  }

  it('Flask without the requery’s settings: 503 for an event (kept nowhere, so the sender tries again), 400 for a malformed body (Flask test client)', function () {
    if (!pythonHas('flask')) skipBecause(this, 'Flask is not installed (py_compile above is the check)');
    const dir = tempProject('flask-run');
    fs.writeFileSync(path.join(dir, 'wallet_webhook.py'), source('flask'));
    const script = `
import logging, time
import wallet_webhook as w
client = w.app.test_client()
event = {"payload": {"message": "SUCCESS", "type": "PHONE_TRANSFER", "data": {"appWalletMobile": "2347000000", "amount": 2500, "recipientMobile": "23480000000", "transactionReference": "ref-1"}}}
print(client.post("/webhooks/wallet", json=event).status_code)
print(client.post("/webhooks/wallet", json=event).status_code)
bad = {"payload": {"message": "SUCCESS", "type": "PHONE_TRANSFER", "data": {"amount": 25.5, "transactionReference": "ref-2"}}}
print(client.post("/webhooks/wallet", json=bad).status_code)
print(client.post("/webhooks/wallet", data="not json", content_type="application/json").status_code)
print(client.post("/webhooks/wallet", json={"payload": {"message": "SUCCESS", "type": "CARD", "data": {"amount": 1, "transactionReference": "x"}}}).status_code)
time.sleep(0.2)
`;
    const run = spawnSync('python3', ['-c', script], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), ['503', '503', '400', '400', '400']);
    // Without the requery's settings it keeps nothing and says what to set: an event it cannot verify
    // is neither trusted nor acknowledged. (With them, against a real sandbox: test/unit/webhookCheck/.)
    assert.match(run.stderr, /not kept, answered 503: set WALLET_APP_KEY and WALLET_REFRESH_TOKEN/);
    assert.doesNotMatch(run.stderr, /processed /);
  });

  it('Go net/http: gofmt-clean, go vet-clean, and the built server without the requery’s settings answers 503 for an event, 400 for malformed bodies, 405 for a GET (where Go is installed)', async function () {
    if (!goInstalled()) skipBecause(this, 'no Go toolchain (the static check below is what runs)');
    this.timeout(120_000);
    const dir = tempProject('go-run');
    fs.writeFileSync(path.join(dir, 'wallet_webhook.go'), source('go'));
    assert.equal(execFileSync('gofmt', ['-l', 'wallet_webhook.go'], { cwd: dir, encoding: 'utf8' }), '', 'gofmt would change nothing');
    execFileSync('go', ['vet', 'wallet_webhook.go'], { cwd: dir });
    execFileSync('go', ['build', '-o', 'handler', 'wallet_webhook.go'], { cwd: dir });
    const port = await freePort();
    const server = spawn(path.join(dir, 'handler'), [], { cwd: dir, env: { ...process.env, PORT: String(port) } });
    let log = '';
    server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    /** Once the server's log says `text`, read as it comes; a clear failure if it ends (or, past a safety bound, never says it). */
    const logSays = (text: string, what: string): Promise<true> =>
      within(
        whenOutput(
          server.stderr,
          () => (log.includes(text) ? true : undefined),
          () => `${what}: the log ended without "${text}": ${log}`,
        ),
        () => `${what}: the log says no "${text}": ${log}`,
        20_000,
      );
    try {
      const url = `http://127.0.0.1:${port}/webhooks/wallet`;
      await logSays('listening on', 'the server started');
      const post = async (body: string) =>
        (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status;
      const event = JSON.stringify({
        payload: {
          message: 'SUCCESS',
          type: 'PHONE_TRANSFER',
          data: { appWalletMobile: '2347000000', amount: 2500, recipientMobile: '23480000000', transactionReference: 'ref-1' },
        },
      });
      const fraction = JSON.stringify({
        payload: { message: 'SUCCESS', type: 'PHONE_TRANSFER', data: { amount: 25.5, transactionReference: 'ref-2' } },
      });
      const card = JSON.stringify({ payload: { message: 'SUCCESS', type: 'CARD', data: { amount: 1, transactionReference: 'x' } } });
      const statuses = [await post(event), await post(event), await post(fraction), await post('not json'), await post(card)];
      assert.deepEqual(statuses, [503, 503, 400, 400, 400]);
      assert.equal((await fetch(url)).status, 405);
      // Without the requery's settings it keeps nothing and says what to set. (With them, against a
      // real sandbox: test/unit/webhookCheck/.)
      await logSays('not kept, answered 503: set WALLET_APP_KEY and WALLET_REFRESH_TOKEN', 'the settings were needed');
      assert.doesNotMatch(log, /processed /);
    } finally {
      server.kill();
    }
  });

  it('Go net/http: package main, every import used, braces and parentheses balanced, tab-indented (checked without a Go toolchain)', () => {
    const text = source('go');
    assert.match(text, /^package main$/m);
    const imports = /^import \(\n([\s\S]*?)\n\)/m
      .exec(text)![1]!
      .split('\n')
      .map((line) => line.trim().replace(/"/g, ''));
    const body = text.slice(text.indexOf('\n)\n'));
    for (const imported of imports) {
      const name = imported.split('/').pop()!;
      assert.ok(new RegExp(`\\b${name}\\.`).test(body), `import ${imported} is used`);
    }
    // Outside string and raw-string literals and comments, every brace and parenthesis closes.
    const code = text
      .replace(/\/\/.*$/gm, '')
      .replace(/`[^`]*`/g, '``')
      .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
    for (const [open, close] of [
      ['{', '}'],
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      let depth = 0;
      for (const char of code) {
        if (char === open) depth++;
        if (char === close) depth--;
        assert.ok(depth >= 0, `a ${close} closes nothing`);
      }
      assert.equal(depth, 0, `every ${open} is closed`);
    }
    assert.deepEqual(
      text.split('\n').filter((line) => /^ +\S/.test(line)),
      [],
      'gofmt indents with tabs',
    );
  });
});
