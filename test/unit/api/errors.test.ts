import * as assert from 'node:assert/strict';
import * as v from 'valibot';
import { isAuthError, isCancelled, isRefusal, WalletApiError, type Transaction } from '../../../src/api';
import {
  formatDuration,
  httpError,
  malformedError,
  networkError,
  rejectedError,
  tidyServerText,
  timeoutError,
  type RequestTarget,
} from '../../../src/api/errors';
import { ErrorBodySchema, TransactionSchema, envelope } from '../../../src/api/schemas';
import { describeIssue, parseRetryAfter } from '../../../src/api/transport';

const target: RequestTarget = {
  method: 'GET',
  path: '/v1/users/balance',
  host: '127.0.0.1:4010',
  secrets: ['pk_live_SECRETKEY', 'token.abc.def'],
};

describe('api/errors', () => {
  it('builds the documented messages', () => {
    assert.equal(networkError(target, 'ECONNREFUSED').message, 'Could not reach the wallet API at 127.0.0.1:4010 (connection refused).');
    assert.equal(networkError(target, undefined).message, 'Could not reach the wallet API at 127.0.0.1:4010 (network error).');
    assert.equal(timeoutError(target, 10_000).message, 'The wallet API did not answer within 10 s (GET /v1/users/balance).');
    assert.equal(timeoutError(target, 200).message, 'The wallet API did not answer within 200 ms (GET /v1/users/balance).');
    const notFound = httpError(target, {
      status: 404,
      statusText: 'Not Found',
      serverText: 'This user does not exist',
      errorCode: '10003',
    });
    assert.equal(notFound.message, 'The wallet API refused the request: This user does not exist (HTTP 404, code 10003).');
    assert.equal(notFound.kind, 'http');
    assert.equal(notFound.errorCode, '10003');
    assert.equal(notFound.serverMessage, 'This user does not exist');
    assert.ok(notFound.status === 404 && !isAuthError(notFound));
  });

  it('uses the status line when there is no server text', () => {
    const error = httpError(target, { status: 502, statusText: 'Bad Gateway' });
    assert.equal(error.message, 'The wallet API answered HTTP 502 Bad Gateway (GET /v1/users/balance).');
    assert.equal(
      httpError(target, { status: 500, statusText: '', serverText: 'Boom.' }).message,
      'The wallet API failed: Boom (HTTP 500).',
    );
  });

  it('says when to come back on 429', () => {
    const error = httpError(target, { status: 429, statusText: 'Too Many Requests', retryAfterSeconds: 7 });
    assert.equal(error.message, 'The wallet API is limiting requests; try again in 7 s (HTTP 429, GET /v1/users/balance).');
    assert.equal(error.retryAfterSeconds, 7);
  });

  it('reports success:false with the server text and code', () => {
    const error = rejectedError(target, 200, 'Insufficient balance', '20001');
    assert.equal(error.message, 'The wallet API declined the request: Insufficient balance (GET /v1/users/balance, code 20001).');
    assert.equal(rejectedError(target, 200, undefined, undefined).message, 'The wallet API declined the request (GET /v1/users/balance).');
  });

  it('keeps secrets, markup and control characters out of server text', () => {
    assert.equal(tidyServerText('bad key pk_live_SECRETKEY\n\tgiven', target.secrets), 'bad key *** given');
    assert.equal(tidyServerText('<html><body>502</body></html>', target.secrets), undefined);
    assert.equal(tidyServerText('   ', target.secrets), undefined);
    assert.equal(tidyServerText('x'.repeat(500), [])?.length, 200);
    const error = httpError(target, {
      status: 401,
      statusText: 'Unauthorized',
      serverText: 'Token token.abc.def expired',
      errorCode: 'token.abc.def',
    });
    assert.doesNotMatch(error.message, /token\.abc\.def/);
    assert.ok(isAuthError(error));
    assert.doesNotMatch(malformedError(target, 200, 'pk_live_SECRETKEY is odd').message, /SECRETKEY/);
  });

  it('narrows with the helpers only for WalletApiError', () => {
    assert.equal(isAuthError({ status: 401 }), false);
    assert.ok(isCancelled(new WalletApiError({ kind: 'cancelled', message: 'x', method: 'GET', path: '/' })));
    assert.ok(new WalletApiError({ kind: 'network', message: 'x', method: 'GET', path: '/' }) instanceof Error);
  });

  it('calls a 4xx a refusal unless it says try again later', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      assert.equal(isRefusal(httpError(target, { status, statusText: '' })), true, String(status));
    }
    for (const status of [408, 425, 429, 500, 503]) {
      assert.equal(isRefusal(httpError(target, { status, statusText: '' })), false, String(status));
    }
    assert.equal(isRefusal(rejectedError(target, 200, 'Insufficient balance', '20001')), false);
    assert.equal(isRefusal(networkError(target, 'ECONNRESET')), false);
    assert.equal(isRefusal({ kind: 'http', status: 404 }), false);
  });

  it('formats durations', () => {
    assert.equal(formatDuration(200), '200 ms');
    assert.equal(formatDuration(1000), '1 s');
    assert.equal(formatDuration(2500), '2.5 s');
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('3'), 3);
    assert.equal(parseRetryAfter(' 0 '), 0);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 08:00:00 GMT')), 0);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(null), undefined);
  });
});

describe('api/schemas', () => {
  const tx = {
    _id: '5f1a2b3c4d5e6f7a8b9c0d1e',
    amount: 150000,
    reference: '5f1a2b3c4d5e6f7a8b9c0d1e',
    type: 'bills',
    recipient: { metadata: { billerName: 'mtn', billCustomerID: '2347031234567', billType: 'vtu', extra: 1 } },
    createdAt: '2020-07-23T10:00:00.000Z',
    updatedAt: '2020-07-23T10:00:00.000Z',
    channel: 'app',
  };

  it('keeps unknown fields and defaults a missing recipient', () => {
    const parsed = v.parse(TransactionSchema, tx);
    assert.equal(parsed.recipient.metadata?.billerName, 'mtn');
    assert.equal((parsed as Record<string, unknown>).channel, 'app');
    const bare: Partial<typeof tx> = { ...tx };
    delete bare.recipient;
    assert.deepEqual(v.parse(TransactionSchema, bare).recipient, {});
  });

  it('exports types without the loose index signature, except on recipient', () => {
    const parsed: Transaction = v.parse(TransactionSchema, tx);
    // @ts-expect-error a typo must not compile (it would on a loose object's type)
    assert.equal(parsed.amout, undefined);
    assert.equal(parsed.recipient['unknownField'], undefined);
  });

  it('names the failing field with its path, never its value', () => {
    const list = envelope({ transactions: v.array(TransactionSchema) });
    const body = { success: true, data: { transactions: [tx, tx, tx, { ...tx, amount: 'SECRET-ish' }] } };
    const result = v.safeParse(list, body);
    assert.equal(result.success, false);
    assert.equal(describeIssue(result.issues![0]), 'data.transactions[3].amount expected number but got string');
    const missing = v.safeParse(list, { success: true, data: {} });
    assert.equal(describeIssue(missing.issues![0]), 'data.transactions is missing');
    const wrongEnvelope = v.safeParse(list, { success: 'yes', data: { transactions: [] } });
    assert.equal(describeIssue(wrongEnvelope.issues![0]), 'success expected true but got string');
  });

  it('reads error bodies with odd field types', () => {
    assert.deepEqual(v.parse(ErrorBodySchema, { success: false, error: 'No', errorCode: 10003 }), {
      success: false,
      error: 'No',
      errorCode: '10003',
    });
    assert.deepEqual(v.parse(ErrorBodySchema, { error: { nested: true }, message: 'Fallback', errorCode: null }), {
      error: undefined,
      message: 'Fallback',
      errorCode: undefined,
    });
  });
});
