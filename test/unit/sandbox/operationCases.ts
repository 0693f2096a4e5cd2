import type { Fault, Sandbox, SandboxClient, TransactionRecord } from '../../../src/sandbox';

// The world operations, each with a good input and bad ones, as a Node caller, an HTTP caller
// and another process's client (RemoteSandbox) send them. Written by hand, not from the table:
// this is what the table must agree with.

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Input = Record<string, any>;

export interface HttpCall {
  method: string;
  path: string;
  body?: unknown;
  /** A body JSON.stringify cannot write (it recurses): sent as this text. */
  rawBody?: string;
}

export interface OperationCase {
  name: string;
  /** The first `good` (default 1) are taken; the others are refused. */
  inputs: Input[];
  good?: number;
  node(sandbox: Sandbox, input: Input): unknown;
  http(input: Input): HttpCall;
  /** The admin API's `data` as the Node call answers it. */
  fromHttp(data: any): unknown;
  /** Where the Node face answers undefined, the admin API answers 404 with this code. */
  absentCode?: string;
  remote?(client: SandboxClient, input: Input): Promise<unknown>;
}

export const MOBILE = '08031112222';
const q = encodeURIComponent;
const byMobile =
  (path: string, method = 'POST') =>
  (input: Input) => ({ method, path: `${path}?mobile=${q(input['mobile'] ?? '')}` });
const none = (): undefined => undefined;
const MOBILES = [{ mobile: MOBILE }, { mobile: '+2348031112222' }, { mobile: '0803' }, { mobile: '2349999999999' }, { mobile: 42 }];

/** Objects too deep for JSON.stringify, with their JSON written by hand. */
const RAW_JSON = new WeakMap<object, string>();

/** A recipient nested `levels` deep: what once made the state file unsavable. */
export function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { mobile: '2348000000000' };
  for (let i = 0; i < levels; i++) value = { inner: value };
  RAW_JSON.set(value, `${'{"inner":'.repeat(levels)}{"mobile":"2348000000000"}${'}'.repeat(levels)}`);
  return value;
}

/** The body as an HTTP client sends it, deep objects included. */
function jsonBody(input: Input): Pick<HttpCall, 'body' | 'rawBody'> {
  const deep = Object.entries(input).find(([, value]) => typeof value === 'object' && value !== null && RAW_JSON.has(value));
  if (!deep) return { body: input };
  const [field, value] = deep;
  return { rawBody: JSON.stringify({ ...input, [field]: '\u0000' }).replace('"\\u0000"', RAW_JSON.get(value)!) };
}

const withoutId = ({ id, ...fault }: Fault): Fault => (void id, fault);

export const CASES: OperationCase[] = [
  {
    name: 'balance',
    inputs: MOBILES,
    good: 2,
    node: (s, i) => s.balance(i['mobile']),
    http: byMobile('/__sandbox/balance', 'GET'),
    fromHttp: (data) => data.user.balance,
  },
  {
    name: 'setBalance',
    inputs: [
      { mobile: '2348031112222', balance: 5_000 },
      { mobile: MOBILE, balance: -1 },
      { mobile: MOBILE, balance: 2 ** 53 },
      { mobile: MOBILE, balance: 1.5 },
      { mobile: MOBILE, balance: '100' },
      { mobile: '2349999999999', balance: 1 },
    ],
    node: (s, i) => s.setBalance(i['mobile'], i['balance']),
    http: (i) => ({ ...byMobile('/__sandbox/balance')(i), body: { balance: i['balance'] } }),
    fromHttp: none,
    remote: (c, i) => c.setBalance(i['mobile'], i['balance']),
  },
  {
    name: 'passcode',
    inputs: MOBILES,
    good: 2,
    node: (s, i) => s.lastPasscode(i['mobile']),
    http: byMobile('/__sandbox/passcode', 'GET'),
    fromHttp: (data) => data.passcode,
    absentCode: '40004',
    remote: (c, i) => c.passcode(i['mobile']),
  },
  {
    name: 'revoke',
    inputs: MOBILES,
    good: 2,
    node: (s, i) => s.revokeRefreshTokens(i['mobile']),
    http: byMobile('/__sandbox/revoke'),
    fromHttp: none,
    remote: (c, i) => c.revokeRefreshTokens(i['mobile']),
  },
  {
    name: 'expire',
    inputs: MOBILES,
    good: 2,
    node: (s, i) => s.expireAccessTokens(i['mobile']),
    http: byMobile('/__sandbox/expire'),
    fromHttp: none,
    remote: (c, i) => c.expireAccessTokens(i['mobile']),
  },
  {
    name: 'addTransaction',
    inputs: [
      { type: 'vtu', amount: 150, reference: 'parity_1', createdAt: '2026-01-02T10:00:00Z', recipient: { mobile: '2348000000000' } },
      { type: 'vtu', amount: 0 },
      { type: 'vtu', amount: Number.MAX_SAFE_INTEGER + 2 },
      { type: 'lottery', amount: 100 },
      { type: 'vtu', amount: 100, createdAt: '+275760-09-13T00:00:00.000Z' },
      { type: 'vtu', amount: 100, updatedAt: 'yesterday' },
      { type: 'vtu', amount: 100, recipient: nested(6_000) },
      { type: 'vtu', amount: 100, recipient: { note: 'x'.repeat(20_000) } },
      { type: 'vtu', amount: 100, recipient: 'Ada' },
      { type: 'vtu', amount: 100, reference: 'not a reference' },
    ],
    node: (s, i) => s.addTransaction(MOBILE, i as TransactionRecord),
    http: (i) => ({ ...byMobile('/__sandbox/transactions')({ mobile: MOBILE }), ...jsonBody(i) }),
    fromHttp: (data) => data.transaction,
    remote: (c, i) => c.addTransaction(MOBILE, i as TransactionRecord),
  },
  {
    name: 'generateTransactions',
    inputs: [{ count: 5 }, { count: -1 }, { count: 1_000_001 }, { count: 2.5 }],
    node: (s, i) => s.generateTransactions(MOBILE, i['count']),
    http: (i) => ({ method: 'POST', path: `/__sandbox/generate?mobile=${MOBILE}&count=${i['count']}` }),
    fromHttp: none,
  },
  {
    name: 'resetWallet',
    inputs: MOBILES.slice(1),
    node: (s, i) => s.resetWallet(i['mobile']),
    http: byMobile('/__sandbox/reset'),
    fromHttp: none,
    remote: (c, i) => c.resetWallet(i['mobile']),
  },
  {
    name: 'advanceClock',
    inputs: [{ seconds: 90 }, { seconds: 0 }, { seconds: -5 }, { seconds: 'soon' }, { seconds: 1e12 }],
    node: (s, i) => s.advanceClock(i['seconds']),
    http: (i) => ({ method: 'POST', path: '/__sandbox/clock/advance', body: { seconds: i['seconds'] } }),
    fromHttp: none,
    remote: async (c, i) => void (await c.clock.advance(i['seconds'])),
  },
  {
    name: 'sendTestEvent',
    inputs: [{ type: 'PHONE_TRANSFER' }, { type: 'REFUND' }, { type: 'BANK_TRANSFER', appId: 'app_nope' }],
    node: (s, i) => s.sendTestEvent(i['type'], i['appId']).type,
    http: (i) => ({ method: 'POST', path: '/__sandbox/events/test', body: i }),
    fromHttp: (data) => data.event.type,
    remote: async (c, i) => (await c.webhooks.trigger(i['type'], {}, { appId: i['appId'] })).type,
  },
  {
    name: 'sendTestEvent',
    inputs: [
      { type: 'PHONE_TRANSFER', data: { amount: 2500, recipientMobile: '+2349090000000', transactionReference: 'ref-parity-1' } },
      { type: 'PHONE_TRANSFER', data: { amount: 12.5 } },
      { type: 'PHONE_TRANSFER', data: { recipientMobile: '0803' } },
      { type: 'BANK_TRANSFER', data: { recipientMobile: MOBILE } },
    ],
    node: (s, i) => s.sendTestEvent(i['type'], i['appId'], i['data']).payload.payload.data,
    http: (i) => ({ method: 'POST', path: '/__sandbox/events/test', body: i }),
    fromHttp: (data) => data.event.payload.payload.data,
  },
  {
    name: 'countRequests',
    inputs: [{ method: 'post', path: '/v1/users/auth' }, { status: 'two hundred' }, { after: '-1' }, { since: 'yesterday' }],
    node: (s, i) => s.countRequests(i),
    http: (i) => ({ method: 'GET', path: `/__sandbox/requests/count?${new URLSearchParams(i)}` }),
    fromHttp: (data) => data.count,
  },
  {
    name: 'expectRequests',
    inputs: [{ path: '/nothing', count: '0' }, { count: 'x' }, { status: '2000', count: '1' }],
    node: (s, i) => s.expectRequests(i, i['count']).length,
    http: (i) => ({ method: 'GET', path: `/__sandbox/requests/expect?${new URLSearchParams(i)}` }),
    fromHttp: (data) => data.requests.length,
  },
  {
    name: 'event',
    inputs: [{ id: 'evt_nope' }],
    node: (s, i) => s.event(i['id']),
    http: (i) => ({ method: 'GET', path: `/__sandbox/events/${q(i['id'])}` }),
    fromHttp: (data) => data.event,
    absentCode: '90001',
  },
  {
    name: 'redeliverEvent',
    inputs: [{ id: 'evt_nope' }],
    good: 0,
    node: (s, i) => s.redeliverEvent(i['id']),
    http: (i) => ({ method: 'POST', path: `/__sandbox/events/${q(i['id'])}/redeliver` }),
    fromHttp: (data) => data.event,
    remote: (c, i) => c.webhooks.redeliver(i['id']),
  },
  {
    name: 'withholdEvents',
    inputs: [{ times: 2, type: 'PHONE_TRANSFER' }, { times: -1 }, { times: 101 }, { type: 'REFUND' }, { times: 'twice' }],
    node: (s, i) => (s.runOperation('withholdEvents', i) as { withholding: unknown }).withholding,
    http: (i) => ({ method: 'POST', path: '/__sandbox/events/withhold', body: i }),
    fromHttp: (data) => data.withholding,
  },
  {
    name: 'eventsBeforeAnswers',
    inputs: [{ times: 3 }, { times: 1.5 }, { times: 'x' }],
    node: (s, i) => (s.runOperation('eventsBeforeAnswers', i) as { beforeAnswers: number }).beforeAnswers,
    http: (i) => ({ method: 'POST', path: '/__sandbox/events/before-answers', body: i }),
    fromHttp: (data) => data.beforeAnswers,
  },
  {
    name: 'deliverCopies',
    inputs: [
      { id: 'evt_nope', copies: 3 },
      { id: 'evt_nope', copies: 11 },
      { id: 'evt_nope', copies: 1 },
    ],
    good: 0,
    node: (s, i) => s.runOperation('deliverCopies', i),
    http: (i) => ({ method: 'POST', path: `/__sandbox/events/${q(i['id'])}/copies`, body: { copies: i['copies'] } }),
    fromHttp: (data) => data,
  },
  {
    name: 'sendOlderEvent',
    inputs: [{ id: 'evt_nope' }],
    good: 0,
    node: (s, i) => s.runOperation('sendOlderEvent', i),
    http: (i) => ({ method: 'POST', path: `/__sandbox/events/${q(i['id'])}/older` }),
    fromHttp: (data) => data,
  },
  {
    name: 'reverseTransfer',
    inputs: [{ id: '6b0fc12cab1818b64256445c' }, { id: 'nope', afterSeconds: -1 }, { id: 'nope', afterSeconds: 1e12 }],
    good: 0,
    node: (s, i) => s.runOperation('reverseTransfer', i),
    http: (i) => ({ method: 'POST', path: `/__sandbox/transfers/${q(i['id'])}/reversal`, body: { afterSeconds: i['afterSeconds'] } }),
    fromHttp: (data) => data,
  },
  {
    name: 'addFault',
    good: 2,
    inputs: [
      { path: '/v1/users/*', status: 503, method: 'get', times: 2 },
      // Issue 53: a fault after the work, from every surface alike.
      { path: '/v1/users/transfers/*', phase: 'after', drop: true, times: 1 },
      { path: '/v1/x', phase: 'during' },
      { path: 'v1/x', status: 999 },
      { path: '/v1/x', status: 101 },
      { path: '/v1/x', contentType: 'text/plain\r\nX-Evil: 1' },
      { path: '/v1/x', statuss: 500 },
      { path: '/v1/x', method: 'BREW' },
      { path: '/v1/x', delayMs: -1 },
      // 10,100 faults (100 in each of 101 worlds) of 64 KiB bodies took the sandbox past 2 GB.
      { path: '/v1/x', body: 'x'.repeat(2_049) },
    ],
    node: (s, i) => withoutId(s.addFault(i as Fault)),
    http: (i) => ({ method: 'POST', path: '/__sandbox/faults', body: i }),
    fromHttp: (data) => withoutId(data.fault),
    remote: async (c, i) => withoutId(await c.faults.add(i as Fault)),
  },
  {
    name: 'removeFault',
    inputs: [{ id: 'flt_nope' }],
    node: (s, i) => s.removeFault(i['id']),
    http: (i) => ({ method: 'DELETE', path: `/__sandbox/faults/${q(i['id'])}` }),
    fromHttp: (data) => data.removed,
    remote: (c, i) => c.faults.remove(i['id']),
  },
  {
    name: 'clearFaults',
    inputs: [{}],
    node: (s) => s.clearFaults(),
    http: () => ({ method: 'DELETE', path: '/__sandbox/faults' }),
    fromHttp: (data) => data.cleared,
    remote: (c) => c.faults.clear(),
  },
  {
    name: 'findings',
    inputs: [{}],
    node: (s) => s.findings(),
    http: () => ({ method: 'GET', path: '/__sandbox/findings' }),
    fromHttp: (data) => data.findings,
  },
  {
    name: 'clearFindings',
    inputs: [{}],
    node: (s) => s.clearFindings(),
    http: () => ({ method: 'DELETE', path: '/__sandbox/findings' }),
    fromHttp: (data) => data.cleared,
  },
  {
    name: 'listFaults',
    inputs: [{}],
    node: (s) => s.listFaults().map(withoutId),
    http: () => ({ method: 'GET', path: '/__sandbox/knobs' }),
    fromHttp: (data) => data.knobs.faults.map(withoutId),
  },
  {
    name: 'setLatency',
    inputs: [{ ms: 25 }, { ms: -1 }, { ms: 600_001 }, { ms: 2.5 }, { ms: '30' }],
    node: (s, i) => s.setLatency(i['ms']),
    http: (i) => ({ method: 'PATCH', path: '/__sandbox/knobs', body: { latencyMs: i['ms'] } }),
    fromHttp: none,
    remote: (c, i) => c.setLatency(i['ms']),
  },
  {
    name: 'events',
    inputs: [{}],
    node: (s) => s.events(),
    http: () => ({ method: 'GET', path: '/__sandbox/events' }),
    fromHttp: (data) => data.events,
  },
];
