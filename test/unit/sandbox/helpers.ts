import * as assert from 'node:assert/strict';
import { Sandbox, SandboxOptions, type JournalEntry } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';

// Plain fetch over loopback: the sandbox is tested the way any HTTP client would use it.

export interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(sandbox: Sandbox | string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const base = typeof sandbox === 'string' ? sandbox : sandbox.url;
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + path, { method, headers, body });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Left empty; tests about raw bodies look at `text`.
  }
  return { status: response.status, headers: response.headers, json, text };
}

export interface Developer {
  email: string;
  password: string;
  sandboxMobile: string;
  token: string;
  appKey: string;
  sandboxKey: string;
}

let counter = 0;

/** Signup, resource auth and app creation: what every wallet test needs first. */
export async function newDeveloper(sandbox: Sandbox | string): Promise<Developer> {
  counter++;
  const email = `dev${counter}.${Date.now()}@example.ng`;
  const password = 'correct-horse-42';
  await expectOk(call(sandbox, 'POST', '/v1/auth/signup', { body: { email, password } }));
  const auth = await expectOk(call(sandbox, 'POST', '/v1/resource/auth', { body: { email, password } }));
  const token = auth.json['data'].token as string;
  const app = await expectOk(call(sandbox, 'POST', '/v1/resource/app', { body: { name: 'Test app' }, headers: { 'x-auth-token': token } }));
  return {
    email,
    password,
    sandboxMobile: auth.json['data'].user.sandboxMobile as string,
    token,
    appKey: app.json['data'].app.key as string,
    sandboxKey: app.json['data'].app.sandboxKey as string,
  };
}

export interface ConnectedWallet {
  appKey: string;
  mobile: string;
  accessToken: string;
  refreshToken: string;
  headers: Record<string, string>;
}

/** Validate, send OTP, read the passcode from the message, verify. */
export async function connectWallet(sandbox: Sandbox | string, appKey: string, mobile: string): Promise<ConnectedWallet> {
  const headers = { 'x-app-key': appKey };
  await expectOk(call(sandbox, 'POST', '/v1/users/auth/validate', { body: { mobile }, headers }));
  const sent = await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms' }, headers }));
  const passcode = /\[Passcode: (\d{6})\]/.exec(sent.json['message'] as string)?.[1];
  if (!passcode) {
    throw new Error(`no passcode in ${sent.text}`);
  }
  const verified = await expectOk(call(sandbox, 'POST', '/v1/users/auth', { body: { mobile, factor: 'sms', passcode }, headers }));
  const { accessToken, refreshToken } = verified.json['data'] as { accessToken: string; refreshToken: string };
  return { appKey, mobile, accessToken, refreshToken, headers: { 'x-app-key': appKey, 'x-app-wallet-access-token': accessToken } };
}

export async function expectOk(pending: Promise<Answer>): Promise<Answer> {
  const answer = await pending;
  if (answer.status !== 200 || answer.json['success'] !== true) {
    throw new Error(`expected success, got ${answer.status} ${answer.text}`);
  }
  return answer;
}

export async function withSandbox<T>(options: SandboxOptions, run: (sandbox: Sandbox) => Promise<T>): Promise<T> {
  const sandbox = await startCheckedSandbox({ log: () => undefined, ...options });
  try {
    return await run(sandbox);
  } finally {
    await sandbox.close();
  }
}

/** A sandbox with a developer, the developer's app and sandbox wallet connected; close the sandbox when done. */
export async function startWithWallet(options: SandboxOptions): Promise<{ sandbox: Sandbox; dev: Developer; wallet: ConnectedWallet }> {
  const sandbox = await startCheckedSandbox({ log: () => undefined, ...options });
  const dev = await newDeveloper(sandbox);
  const wallet = await connectWallet(sandbox, dev.appKey, dev.sandboxMobile);
  return { sandbox, dev, wallet };
}

/** The error envelope every failure must use. */
export function errorOf(answer: Answer): { error: string; errorCode: string } {
  const { success, error, errorCode } = answer.json as { success: unknown; error: unknown; errorCode: unknown };
  if (success !== false || typeof error !== 'string' || error === '' || typeof errorCode !== 'string') {
    throw new Error(`not an error envelope: ${answer.status} ${answer.text}`);
  }
  return { error, errorCode };
}

/** The error envelope with this status and errorCode, and with this error (or one it matches) when given; resolves with its error. */
export async function expectError(pending: Promise<Answer>, status: number, errorCode: string, error?: string | RegExp): Promise<string> {
  const answer = await pending;
  assert.equal(answer.status, status, answer.text);
  const body = errorOf(answer);
  assert.equal(body.errorCode, errorCode, answer.text);
  if (typeof error === 'string') {
    assert.equal(body.error, error);
  } else if (error) {
    assert.match(body.error, error);
  }
  return body.error;
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The options of a wait for what surely comes (a request just sent, a delivery to a receiver that
 * answers): as long as the admin API lets a wait be, so a broken sandbox (or the test's own
 * timeout) ends it, never a slow machine.
 */
export const UNTIL_IT_COMES = { timeoutMs: 30_000 } as const;

type Draft = Omit<JournalEntry, 'id' | 'headers' | 'json'>;

/** A journal entry before the journal numbers it: an answered GET of `path`, with `more` over it. */
export function journalDraft(path: string, more: Partial<Draft> = {}): Draft {
  return {
    at: 1_000,
    durationMs: 1,
    method: 'GET',
    path,
    query: '',
    requestHeaders: ['Host', '127.0.0.1', 'X-App-Key', 'sk_test_x'],
    requestBody: '',
    requestBodySize: 0,
    status: 200,
    responseHeaders: {},
    responseBody: '{}',
    responseBodySize: 2,
    userAgent: 'my-app/1.0',
    remoteAddress: '127.0.0.1',
    ...more,
  };
}
