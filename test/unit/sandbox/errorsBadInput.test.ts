// The sandbox's errors for requests it cannot serve: unknown paths and methods, and a table of
// bad input (malformed, deeply nested, wrongly typed, oversized bodies; garbage targets and
// queries; malformed HTTP), each answered with a 4xx envelope while the next request is served.
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { Sandbox } from '../../../src/sandbox';
import { call, ConnectedWallet, Developer, errorOf, expectError, expectOk, startWithWallet } from './helpers';

describe('sandbox: errors — bad input', () => {
  let sandbox: Sandbox;
  let dev: Developer;
  let wallet: ConnectedWallet;
  before(async () => ({ sandbox, dev, wallet } = await startWithWallet({ seed: 11 })));
  after(() => sandbox.close());

  it('answers unknown paths with 404 and wrong methods with 405 and Allow', async () => {
    await expectError(call(sandbox, 'GET', '/v1/nothing-here'), 404, '40004');
    await expectError(call(sandbox, 'GET', '/'), 404, '40004');
    // One trailing slash is ignored (real clients send them); two are not the same path.
    await expectError(call(sandbox, 'GET', '/v1/users/balance/'), 401, '10001');
    await expectError(call(sandbox, 'GET', '/v1/users/balance//'), 404, '40004');
    const wrong = await call(sandbox, 'DELETE', '/v1/users/balance');
    assert.equal(wrong.status, 405);
    assert.equal(errorOf(wrong).errorCode, '40005');
    assert.equal(wrong.headers.get('allow'), 'GET, POST');
    await expectError(call(sandbox, 'GET', '/v1/auth/signup'), 405, '40005');
    await expectError(call(sandbox, 'PUT', '/v1/transactions/abc'), 405, '40005');
  });

  describe('bad input table: every row is a 4xx envelope and the next request is served', () => {
    const big = JSON.stringify({ mobile: '2348000000000', pad: 'x'.repeat(200 * 1024) });
    const rows: {
      name: string;
      method: string;
      path: string;
      rawBody?: string;
      body?: unknown;
      headers?: Record<string, string>;
      status: number;
      errorCode: string;
      message?: RegExp;
    }[] = [
      {
        name: 'malformed JSON',
        method: 'POST',
        path: '/v1/auth/signup',
        rawBody: '{"email": "a@b.co", ',
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '40000',
      },
      {
        // Refused as it is read, with the words Node's checks use for the same object (worlds/input.ts).
        name: 'a field nested 9 levels deep',
        method: 'POST',
        path: '/v1/auth/login',
        rawBody: `{"email":${'{"a":'.repeat(8)}[1]${'}'.repeat(8)}}`,
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '10000',
        message: /^email nests deeper than 8 levels$/,
      },
      {
        // 8 levels is the most: this one is parsed and reaches the login's own checks.
        name: 'a field nested 8 levels deep',
        method: 'POST',
        path: '/v1/auth/login',
        rawBody: `{"email":${'{"a":'.repeat(7)}[1]${'}'.repeat(7)}}`,
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '10000',
        message: /email/,
      },
      {
        // Brackets inside strings are text; an escaped key is named as it reads.
        name: 'a deep field with brackets in strings and an escaped key',
        method: 'POST',
        path: '/v1/auth/login',
        rawBody: `{"note":"[[[[[[[[[[{{{{{{{{{{","pass\\u0077ord":${'['.repeat(30_000)}${']'.repeat(30_000)}}`,
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '10000',
        message: /^password nests deeper than 8 levels$/,
      },
      {
        name: 'an array nested 30,000 levels deep',
        method: 'POST',
        path: '/v1/users/auth/validate',
        rawBody: `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '10000',
        message: /^The request body must be a JSON object$/,
      },
      {
        name: 'JSON array body',
        method: 'POST',
        path: '/v1/auth/signup',
        rawBody: '[1,2]',
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '10000',
      },
      {
        name: 'JSON null body',
        method: 'POST',
        path: '/v1/auth/login',
        rawBody: 'null',
        headers: { 'content-type': 'application/json' },
        status: 400,
        errorCode: '10000',
      },
      {
        // Form bodies are read like JSON (real clients send them): this one reaches the login check.
        name: 'form body',
        method: 'POST',
        path: '/v1/auth/login',
        rawBody: 'email=a@b.co&password=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        status: 401,
        errorCode: '20002',
      },
      {
        name: 'text body',
        method: 'POST',
        path: '/v1/users/auth/validate',
        rawBody: 'hello',
        headers: { 'content-type': 'text/plain' },
        status: 415,
        errorCode: '40015',
      },
      { name: 'empty body', method: 'POST', path: '/v1/auth/signup', status: 400, errorCode: '10000' },
      {
        name: 'number for email',
        method: 'POST',
        path: '/v1/auth/signup',
        body: { email: 42, password: 'long-enough' },
        status: 400,
        errorCode: '10000',
      },
      {
        name: 'object for password',
        method: 'POST',
        path: '/v1/auth/login',
        body: { email: 'a@b.co', password: { $ne: '' } },
        status: 400,
        errorCode: '10000',
      },
      {
        name: 'number for mobile',
        method: 'POST',
        path: '/v1/users/auth/validate',
        body: { mobile: 2348000000000 },
        status: 401,
        errorCode: '10001',
      },
      {
        name: 'array for refresh token',
        method: 'POST',
        path: '/v1/users/accessToken',
        body: { refreshToken: ['a'] },
        status: 401,
        errorCode: '10001',
      },
      {
        name: 'oversized body',
        method: 'POST',
        path: '/v1/users/auth/validate',
        rawBody: big,
        headers: { 'content-type': 'application/json' },
        status: 413,
        errorCode: '40013',
      },
      { name: 'unknown path', method: 'GET', path: '/v2/users/balance', status: 404, errorCode: '40004' },
      { name: 'unknown method', method: 'PATCH', path: '/v1/queries/banks', status: 405, errorCode: '40005' },
      { name: 'percent garbage in a reference', method: 'GET', path: '/v1/transactions/%E0%A4%A', status: 400, errorCode: '10000' },
      { name: 'garbage query', method: 'GET', path: '/v1/transactions?limit=%ZZ&&&=&pages[]=1', status: 401, errorCode: '10001' },
      { name: 'percent garbage in the query', method: 'GET', path: '/v1/queries/banks?%%%=%', status: 401, errorCode: '10001' },
    ];
    for (const row of rows) {
      it(row.name, async () => {
        const answer = await call(sandbox, row.method, row.path, { rawBody: row.rawBody, body: row.body, headers: row.headers });
        assert.equal(answer.status, row.status, answer.text.slice(0, 300));
        assert.equal(errorOf(answer).errorCode, row.errorCode);
        if (row.message) assert.match(errorOf(answer).error, row.message);
        await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));
      });
    }

    it('with a valid app key, type errors in wallet-auth bodies are 400s', async () => {
      const headers = { 'x-app-key': dev.appKey };
      await expectError(call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile: 2348000000000 }, headers }), 400, '10000');
      await expectError(call(sandbox, 'POST', '/v1/users/accessToken', { body: { refreshToken: ['a'] }, headers }), 400, '10000');
      await expectError(call(sandbox, 'POST', '/v1/users/balance', { body: { mobile: 1 }, headers: wallet.headers }), 400, '10000');
      await expectError(call(sandbox, 'GET', '/v1/transactions?limit=%ZZ', { headers: wallet.headers }), 400, '10000');
    });

    it('answers malformed HTTP with a 400 and keeps serving', async () => {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(sandbox.port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
        socket.write('GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      assert.match(raw, /^HTTP\/1\.1 400/);
      assert.match(raw, /"success":false/);
      await expectOk(call(sandbox, 'GET', '/v1/users/balance', { headers: wallet.headers }));
    });

    it('answers an absolute-form or asterisk request target with a 4xx', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: sandbox.port, method: 'OPTIONS', path: '*' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      assert.ok(status >= 400 && status < 500, String(status));
    });
  });
});
