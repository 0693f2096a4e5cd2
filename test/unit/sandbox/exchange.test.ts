import * as assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { startSandbox, type Sandbox, type SandboxExchange } from '../../../src/sandbox';

// The exchange observer (SandboxOptions.onExchange) sees the request as well as the answer: the
// Requests view is built on what it reports.

describe('Sandbox exchange observer', () => {
  let sandbox: Sandbox;
  const seen: SandboxExchange[] = [];
  let arrived: () => void = () => undefined;

  before(async () => {
    sandbox = await startSandbox({
      onExchange: (exchange) => {
        seen.push(exchange);
        arrived();
      },
    });
  });
  after(() => sandbox.close());
  beforeEach(() => seen.splice(0));

  function post(path: string, body: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(`${sandbox.url}${path}`, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** The test's one exchange, once the observer was told of it (no polling on the clock: the test's timeout bounds the wait). */
  async function settled(): Promise<SandboxExchange> {
    if (seen.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
    arrived = () => undefined;
    assert.equal(seen.length, 1);
    return seen[0]!;
  }

  it('reports the request headers, the body as read, the user agent, timing and the answer', async () => {
    const body = JSON.stringify({ email: 'observer@example.ng', password: 'not-a-real-one' });
    const before = Date.now();
    const status = await post('/v1/auth/signup?from=test', body, { 'content-type': 'application/json', 'user-agent': 'my-app/1.2' });
    const exchange = await settled();
    assert.equal(exchange.method, 'POST');
    assert.equal(exchange.path, '/v1/auth/signup');
    assert.equal(exchange.query, 'from=test');
    assert.equal(exchange.admin, false);
    assert.equal(exchange.status, status);
    assert.equal(exchange.userAgent, 'my-app/1.2');
    assert.ok(exchange.requestHeaders.includes('my-app/1.2'), 'the headers as received, names and values in turn');
    assert.equal(
      exchange.requestHeaders[exchange.requestHeaders.findIndex((name) => name.toLowerCase() === 'user-agent') + 1],
      'my-app/1.2',
    );
    assert.equal(exchange.requestBody.toString('utf8'), body);
    assert.match(exchange.body, /"success"/);
    assert.equal(Number(exchange.headers['Content-Length']), Buffer.byteLength(exchange.body), 'the text as sent');
    assert.equal(exchange.bodySize, Buffer.byteLength(exchange.body));
    assert.ok(exchange.startedAt >= before && exchange.startedAt <= Date.now());
    // Measured inside the call the client timed (1 ms for the rounding of startedAt and Date.now).
    const after = Date.now();
    assert.ok(
      exchange.durationMs >= 0 && exchange.durationMs <= after - before + 1,
      `${exchange.durationMs} ms within ${after - before} ms`,
    );
    assert.ok(exchange.startedAt + exchange.durationMs <= after + 1);
  });

  it('sends the head and the body byte for byte: non-ASCII text, its Content-Length, two answers on one connection', async () => {
    // The head and the body reach the socket as two pieces (exchange.ts, BODY_ENCODING): the
    // framing must still be exact, or a keep-alive client reads the next answer wrong.
    const text = '{"success":false,"error":"Ọ̀ná: ₦1,500.00 kò lọ — réessayez"}';
    const fault = { method: 'GET', path: '/v1/queries/banks', status: 502, body: text, contentType: 'application/json', times: 2 };
    sandbox.addFault(fault);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ body: Buffer; length: number; socket: unknown }>((resolve, reject) => {
        const req = request(`${sandbox.url}/v1/queries/banks`, { agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), length: Number(res.headers['content-length']), socket: req.socket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      const second = await get();
      for (const answer of [first, second]) {
        assert.equal(answer.body.toString('utf8'), text);
        assert.equal(answer.length, Buffer.byteLength(text));
      }
      assert.equal(first.socket, second.socket, 'one connection carried both answers');
      assert.equal(seen.at(-1)?.body, text, 'the journal has the text as sent');
    } finally {
      agent.destroy();
    }
  });

  it('marks admin requests as such', async () => {
    const answer = await fetch(`${sandbox.url}/__sandbox/requests`);
    await answer.text();
    const exchange = await settled();
    assert.equal(exchange.admin, true);
    assert.equal(exchange.requestBody.length, 0);
  });

  it('reports a request whose connection a fault dropped, with status 0 (the Requests view shows it as "no answer")', async () => {
    const fault = { method: 'POST', path: '/v1/users/transfers/phone', drop: true, times: 1 };
    const added = await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    });
    assert.equal(added.status, 200, await added.text());
    await settled();
    seen.splice(0);
    const body = JSON.stringify({ mobile: '2349090000000', amount: 7_500 });
    await assert.rejects(post('/v1/users/transfers/phone', body, { 'content-type': 'application/json', 'user-agent': 'my-app/1.2' }));
    const exchange = await settled();
    assert.equal(exchange.method, 'POST');
    assert.equal(exchange.path, '/v1/users/transfers/phone');
    assert.equal(exchange.status, 0);
    assert.equal(exchange.body, '');
    assert.equal(exchange.userAgent, 'my-app/1.2');
  });
});
