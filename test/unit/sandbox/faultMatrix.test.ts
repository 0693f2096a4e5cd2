import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import type { Sandbox } from '../../../src/sandbox';
import { FAULT_LIMITS, FAULT_METHODS } from '../../../src/sandbox/reference';
import { operations } from '../support/contract';
import { within } from '../support/eventually';
import { connectWallet, newDeveloper, withSandbox, type ConnectedWallet } from './helpers';

// Issue 53: a fault's delay on a request with a body never answered (the fault read the body, then
// the route waited on a stream that had ended). Every path of the API, with every method a fault
// can name, a JSON, form or no body, a delay before the work or a hold after it, and delayMs from 0
// to the maximum: an answer comes, it is the API's (the fault only waited), and the journal has
// the body as sent. Delays are released with
// the virtual clock (a fault's delay ends when the world's clock passes it), never waited out.

type BodyKind = 'json' | 'form' | 'none';
const BODY_KINDS: readonly BodyKind[] = ['json', 'form', 'none'];
const DELAYS = [0, 1, 800, FAULT_LIMITS.delayMs[1]] as const;
/** Fields every route reads from (most take a few of them; the others are ignored or refused with a 4xx). */
const FIELDS = { mobile: '2349090000000', factor: 'sms', amount: '100', provider: 'mtn', name: 'Matrix', callbackURL: '' };

interface Heard {
  status: number;
  fault: string | undefined;
  text: string;
}

function bodyOf(kind: BodyKind): { text: string; type?: string } {
  if (kind === 'json') return { text: JSON.stringify(FIELDS), type: 'application/json' };
  if (kind === 'form') return { text: new URLSearchParams(FIELDS).toString(), type: 'application/x-www-form-urlencoded' };
  return { text: '' };
}

/** One request with node:http (a GET may carry a body too); rejects when the connection ends unanswered. */
export function send(url: string, method: string, path: string, kind: BodyKind, headers: Record<string, string>): Promise<Heard> {
  const { text, type } = bodyOf(kind);
  const sent: Record<string, string | number> = {
    ...headers,
    ...(type ? { 'content-type': type, 'content-length': Buffer.byteLength(text) } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: sent }, (res) => {
      let answer = '';
      res.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, fault: res.headers['x-sandbox-fault'] as string | undefined, text: answer }),
      );
    });
    req.on('error', reject);
    req.end(text === '' ? undefined : text);
  });
}

/** Resolves `answer`, moving the world's clock on while it waits: a delay that has begun ends at the next advance. */
async function releasing<T>(sandbox: Sandbox, answer: Promise<T>, delayMs: number): Promise<T> {
  let done = false;
  void answer.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!done && delayMs > 0) await sandbox.advanceClock(delayMs / 1000);
  }
  return answer;
}

/** Every path of the API (the OpenAPI document's, parameters filled in) with every method a fault can name. */
function everyRoute(): { method: string; path: string }[] {
  const paths = [...new Set(operations().map(({ template }) => template))].filter((template) => !template.startsWith('/__sandbox'));
  return paths.flatMap((template) =>
    FAULT_METHODS.map((method) => ({ method, path: template.replace(/\{[^}]+\}/g, '6b02aaaaaaaaaaaaaaaaaaaa') })),
  );
}

describe('sandbox: a fault delay answers every request (issue 53)', function () {
  this.timeout(120_000);

  it('every path × method × JSON, form or no body × before or after the work × delayMs 0 to the maximum: the API answers, the journal has the body', () =>
    withSandbox({ seed: 53, tokenLifetimeSeconds: 10 * 365 * 86_400 }, async (sandbox) => {
      const dev = await newDeveloper(sandbox);
      const wallet: ConnectedWallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
      const routes = everyRoute();
      assert.ok(routes.length >= 100, `${routes.length} routes and methods`);
      let tried = 0;
      for (const [routeIndex, { method, path }] of routes.entries()) {
        for (const [kindIndex, kind] of BODY_KINDS.entries()) {
          for (const phase of ['before', 'after'] as const) {
            const delayMs = DELAYS[(routeIndex + kindIndex) % DELAYS.length]!;
            sandbox.addFault({ method, path, phase, delayMs, times: 1 });
            const what = `${method} ${path} with ${kind} body, ${phase} the work, delayMs ${delayMs}`;
            const sent = send(sandbox.url, method, path, kind, wallet.headers);
            const heard = await within(releasing(sandbox, sent, delayMs), what, 20_000);
            assert.equal(heard.fault, undefined, `${what}: the API's answer, not the fault's`);
            assert.ok(heard.status >= 200 && heard.status < 500, `${what}: answered ${heard.status} ${heard.text}`);
            const entry = sandbox.requests.list().at(-1)!;
            assert.deepEqual(
              [entry.method, entry.path, entry.status, entry.requestBody],
              [method, path, heard.status, bodyOf(kind).text],
              what,
            );
            assert.equal(entry.unheard, undefined, `${what}: the client heard it`);
            assert.deepEqual(sandbox.listFaults(), [], `${what}: the fault was used`);
            tried++;
          }
        }
      }
      assert.equal(tried, routes.length * BODY_KINDS.length * 2);
    }));

  it('as the issue tried it: delayMs 800 and 0 on a phone transfer (JSON and form) and on /v1/users/auth, released by the clock', () =>
    withSandbox({ seed: 53 }, async (sandbox) => {
      const dev = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
      const before = sandbox.balance(dev.sandboxMobile);
      for (const [path, kind, delayMs] of [
        ['/v1/users/transfers/phone', 'json', 800],
        ['/v1/users/transfers/phone', 'form', 800],
        ['/v1/users/transfers/phone', 'json', 0],
        ['/v1/users/auth', 'json', 800],
        ['/v1/users/auth', 'form', 0],
      ] as const) {
        sandbox.addFault({ path, delayMs, times: 1 });
        const heard = await within(
          releasing(sandbox, send(sandbox.url, 'POST', path, kind, wallet.headers), delayMs),
          `${path} ${kind} ${delayMs}`,
        );
        assert.equal(heard.status, 200, heard.text);
      }
      assert.equal(before - sandbox.balance(dev.sandboxMobile), 300, 'three transfers of 100 kobo, each once');
    }));

  it('latencyMs works the same on requests with a body, and the clock releases it too', () =>
    withSandbox({ seed: 53 }, async (sandbox) => {
      const dev = await newDeveloper(sandbox);
      const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
      sandbox.setLatency(FAULT_LIMITS.delayMs[1]);
      sandbox.addFault({ path: '/v1/users/auth', delayMs: 800, times: 1 });
      for (const kind of BODY_KINDS) {
        const heard = await within(
          releasing(sandbox, send(sandbox.url, 'POST', '/v1/users/auth', kind, wallet.headers), FAULT_LIMITS.delayMs[1]),
          kind,
        );
        assert.ok(heard.status === 200 || heard.status === 400, `${kind}: ${heard.status} ${heard.text}`);
      }
    }));
});
