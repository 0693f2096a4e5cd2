import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Sandbox, SandboxExchange, startSandbox } from '../../../src/sandbox';
import { contractProblem, operations, startCheckedSandbox, webhookProblem } from '../support/contract';
import { call } from './helpers';

// The OpenAPI document (src/sandbox/vocabulary/openapi.json): valid for a standard validator, served by the
// sandbox, and in step with the routes the sandbox has. The checker that holds every answer of
// the unit suite against it (support/contract.ts) is itself tested here.

const SOURCE = path.join(__dirname, '..', '..', '..', '..', 'src', 'sandbox', 'vocabulary', 'openapi.json');

/** Documented operations the sandbox does not serve (none): the test below fails when that changes. */
const NOT_YET_SERVED: string[] = [];

/** An answer as the sandbox would report it. */
function exchange({ body, ...overrides }: Partial<SandboxExchange>): SandboxExchange {
  const text = body ?? JSON.stringify({ success: true, data: { banks: [{ bankCode: '000014', bankName: 'ACCESS BANK' }] } });
  return {
    method: 'GET',
    path: '/v1/queries/banks',
    query: '',
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: text,
    bodySize: Buffer.byteLength(text),
    admin: false,
    requestHeaders: [],
    userAgent: '',
    remoteAddress: '127.0.0.1',
    requestBody: Buffer.alloc(0),
    startedAt: 0,
    durationMs: 0,
    ...overrides,
  };
}

describe('sandbox: the OpenAPI document', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startCheckedSandbox({ seed: 21, log: () => undefined });
  });
  after(() => sandbox.close());

  it('is a valid OpenAPI 3.1 document whose references all resolve (@seriousme/openapi-schema-validator)', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(readFileSync(SOURCE, 'utf8')));
    assert.deepEqual(result, { valid: true });
    assert.equal(validator.version, '3.1');
  });

  it('is served, as is, at GET /__sandbox/openapi.json', async () => {
    const answer = await call(sandbox, 'GET', '/__sandbox/openapi.json');
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(answer.json, JSON.parse(readFileSync(SOURCE, 'utf8')));
  });

  it('names the security schemes, the sandbox-only outcome header and three servers', () => {
    const doc = JSON.parse(readFileSync(SOURCE, 'utf8'));
    assert.deepEqual(
      Object.values(doc.components.securitySchemes).map((scheme) => {
        const { name, type, scheme: httpScheme } = scheme as { name?: string; type: string; scheme?: string };
        return name ?? `${type} ${httpScheme}`;
      }),
      ['X-App-Key', 'X-App-Wallet-Access-Token', 'x-auth-token', 'http bearer'],
    );
    assert.match(doc.components.parameters.SandboxOutcome.description, /Sandbox only/);
    assert.deepEqual(
      doc.servers.map((server: { url: string }) => server.url),
      ['http://127.0.0.1:4010', 'https://api.console.staging-api.eyowo.com', 'https://api.console.eyowo.com'],
    );
  });

  it('offers every request body as JSON and as a form', () => {
    for (const { method, template, operation } of operations()) {
      const content = (operation as { requestBody?: { content: Record<string, unknown> } }).requestBody?.content;
      if (content) {
        assert.deepEqual(Object.keys(content), ['application/json', 'application/x-www-form-urlencoded'], `${method} ${template}`);
      }
    }
  });

  it('documents only what the sandbox serves, and the sandbox serves all of it (but the money movement not merged yet)', async () => {
    // Without the checker: the probes of endpoints not served yet would (rightly) fail it.
    const probed = await startSandbox({ seed: 22, log: () => undefined });
    const missing: string[] = [];
    try {
      for (const { method, template } of operations()) {
        const answer = await call(probed, method, template.replace(/\{[^}]+\}/g, 'unknown-id'));
        if (answer.status === 405 || (answer.status === 404 && answer.json['errorCode'] === '40004')) {
          missing.push(`${method} ${template}`);
        }
      }
    } finally {
      await probed.close();
    }
    assert.deepEqual(
      missing.sort(),
      [...NOT_YET_SERVED].sort(),
      'update NOT_YET_SERVED: the sandbox now serves what it lists, or lost an endpoint',
    );
  });

  describe('the checker of answers', () => {
    it('passes an answer that keeps to the document', () => {
      assert.equal(contractProblem(exchange({})), undefined);
    });

    it('catches a status the operation does not document', () => {
      const problem = contractProblem(exchange({ status: 409, body: JSON.stringify({ success: false, error: 'x', errorCode: '20001' }) }));
      assert.match(problem ?? '', /status 409 is not documented for GET \/v1\/queries\/banks/);
    });

    it('catches a field the schema does not have, a missing field and a wrong type', () => {
      const banks = (bank: unknown) => JSON.stringify({ success: true, data: { banks: [bank] } });
      assert.match(contractProblem(exchange({ body: banks({ bankCode: '000014', bankName: 'A', extra: 1 }) })) ?? '', /additional/);
      assert.match(contractProblem(exchange({ body: banks({ bankCode: '000014' }) })) ?? '', /bankName/);
      assert.match(contractProblem(exchange({ body: banks({ bankCode: 14, bankName: 'A' }) })) ?? '', /must be string/);
    });

    it('catches a body that is not JSON, and a content type that is not JSON', () => {
      assert.match(contractProblem(exchange({ body: '<html>' })) ?? '', /not JSON/);
      assert.match(contractProblem(exchange({ headers: { 'content-type': 'text/html' } })) ?? '', /Content-Type/);
    });

    it('checks error answers against the error envelope, through $refs to components', () => {
      const unauthorized = { status: 401, path: '/v1/users/balance' };
      assert.equal(
        contractProblem(exchange({ ...unauthorized, body: JSON.stringify({ success: false, error: 'no', errorCode: '10002' }) })),
        undefined,
      );
      assert.match(
        contractProblem(exchange({ ...unauthorized, body: JSON.stringify({ success: false, error: 'no', errorCode: 10002 }) })) ?? '',
        /errorCode must be string/,
      );
    });

    it('matches path templates (concrete paths first) and checks 405 against the documented methods', () => {
      const notAllowed = {
        status: 405,
        method: 'DELETE',
        path: '/__sandbox/events/test',
        body: JSON.stringify({ success: false, error: 'no', errorCode: '40005' }),
      };
      assert.equal(
        contractProblem(exchange({ ...notAllowed, headers: { 'content-type': 'application/json', allow: 'POST, GET' } })),
        undefined,
      );
      assert.match(
        contractProblem(exchange({ ...notAllowed, headers: { 'content-type': 'application/json', allow: 'POST' } })) ?? '',
        /Allow: POST but the document has/,
      );
    });

    it('expects a 404 envelope for a path the document does not have', () => {
      const unknown = {
        path: '/v2/users',
        body: JSON.stringify({ success: false, error: 'No endpoint at /v2/users', errorCode: '40004' }),
      };
      assert.equal(contractProblem(exchange({ ...unknown, status: 404 })), undefined);
      assert.match(contractProblem(exchange({ ...unknown, status: 200 })) ?? '', /does not have/);
    });

    it('checks webhook deliveries: the sandbox headers and the evidence payloads', () => {
      const headers = { 'content-type': 'application/json', 'x-sandbox-event-id': 'evt_5f3b95a1', 'x-sandbox-delivery-attempt': '2' };
      const bank = {
        payload: {
          message: 'SUCCESS',
          type: 'BANK_TRANSFER',
          data: {
            accountName: 'LATEEF JAMES',
            accountNumber: '2000000000',
            amount: 4000,
            transactionReference: '5f3fcb8087',
            statusCode: '000002',
          },
        },
      };
      const phone = {
        payload: {
          message: 'SUCCESS',
          type: 'PHONE_TRANSFER',
          data: { appWalletMobile: '2347000000', amount: 2500, recipientMobile: '23480000000', transactionReference: '5f3b95' },
        },
      };
      assert.equal(webhookProblem(headers, JSON.stringify(bank)), undefined);
      assert.equal(webhookProblem(headers, JSON.stringify(phone)), undefined);
      assert.match(
        webhookProblem({ ...headers, 'x-sandbox-delivery-attempt': '0' }, JSON.stringify(bank)) ?? '',
        /X-Sandbox-Delivery-Attempt/,
      );
      assert.match(
        webhookProblem({ ...headers, 'x-sandbox-event-id': undefined }, JSON.stringify(bank)) ?? '',
        /X-Sandbox-Event-Id header is missing/,
      );
      assert.match(webhookProblem(headers, JSON.stringify({ payload: { ...bank.payload, type: 'CARD' } })) ?? '', /allowed values/);
    });

    it('already covers the money-movement answers by path', () => {
      const bank = {
        method: 'POST',
        path: '/v1/users/transfers/bank',
        body: JSON.stringify({
          success: true,
          message: 'Transaction successful',
          data: {
            transaction: {
              amount: 100000,
              accountName: 'DAMBATTA MARYAM LAMI',
              transactionReference: '5ec58e1f084c634901127b75',
              statusCode: '000002',
            },
          },
        }),
      };
      assert.equal(contractProblem(exchange(bank)), undefined);
      assert.match(contractProblem(exchange({ ...bank, body: bank.body.replace('000002', '000000') })) ?? '', /allowed values/);
    });
  });
});
