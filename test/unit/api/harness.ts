// Shared set-up for the client tests: a real sandbox on loopback, a client that records its
// events, and helpers that walk the developer and wallet flows through the client itself.

import * as assert from 'node:assert/strict';
import { WalletClient, WalletApiError, type RequestEvent, type WalletClientOptions, type WalletTokens } from '../../../src/api';
import { type Sandbox, type SandboxOptions } from '../../../src/sandbox';
import { startCheckedSandbox } from '../support/contract';
import { when } from '../support/eventually';

export const DEMO_MOBILE = '2348000000000';
export const OTHER_DEMO_MOBILE = '2349090000000';

export interface Harness {
  sandbox: Sandbox;
  client: WalletClient;
  events: RequestEvent[];
  /** A client on the same sandbox with other options (events go to the same list). */
  clientWith(options: Partial<WalletClientOptions>): WalletClient;
}

export async function startHarness(
  sandboxOptions: SandboxOptions = {},
  clientOptions: Partial<WalletClientOptions> = {},
): Promise<Harness> {
  const sandbox = await startCheckedSandbox({ host: '127.0.0.1', port: 0, log: () => undefined, ...sandboxOptions });
  const events: RequestEvent[] = [];
  const clientWith = (options: Partial<WalletClientOptions>) =>
    new WalletClient({
      consoleUrl: sandbox.url,
      developerUrl: sandbox.url,
      timeoutMs: 3000,
      retryDelayMs: 5,
      onRequest: (event) => events.push(event),
      ...clientOptions,
      ...options,
    });
  return { sandbox, client: clientWith({}), events, clientWith };
}

let developerCount = 0;

/** Signs up a new developer and creates an app through the client, as the extension does. */
export async function newDeveloperApp(client: WalletClient) {
  developerCount += 1;
  const email = `dev${developerCount}.${Date.now()}@example.com`;
  const password = `correct horse ${developerCount}`;
  await client.signUp({ email, password });
  const session = await client.authenticateResource({ email, password });
  const app = await client.createApp(session.token, `Test Shop ${developerCount}`);
  return { email, password, session, app };
}

export function passcodeFrom(message: string): string {
  const match = /\[Passcode: (\d{6})\]/.exec(message);
  assert.ok(match?.[1], `no passcode in ${JSON.stringify(message)}`);
  return match[1];
}

/** validate -> send OTP -> verify, the whole wallet connection. */
export async function connectWallet(client: WalletClient, appKey: string, mobile: string): Promise<WalletTokens> {
  await client.validateUser(appKey, mobile);
  const { message } = await client.sendOtp(appKey, mobile);
  return client.verifyOtp(appKey, mobile, passcodeFrom(message));
}

/** Awaits a rejection and returns it as a WalletApiError (failing the test otherwise). */
export async function failure(promise: Promise<unknown>): Promise<WalletApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof WalletApiError, `expected a WalletApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

export function requestsTo(sandbox: Sandbox, path: string, method = 'GET') {
  return sandbox.requests.list({ path, method });
}

/** What every error message must never hold. */
export function assertCleanMessage(error: WalletApiError, secrets: string[]): void {
  assert.doesNotMatch(error.message, /undefined|\[object Object\]|<html|<body/i);
  for (const secret of secrets) assert.ok(!error.message.includes(secret), `message leaks a secret: ${error.message}`);
}

/**
 * Once `condition` holds: checked now and each time `subscribe` calls back (the sandbox's journal,
 * a test server's requests and sockets), not on a clock; a safety bound fails saying `what`.
 */
export function waitFor(subscribe: (listener: () => void) => () => void, condition: () => boolean, what: string): Promise<true> {
  return when(subscribe, () => (condition() ? true : undefined), `waiting for ${what}`);
}

/** The sandbox's journal as something to wait on: each request it records. */
export const journalOf =
  (sandbox: Sandbox) =>
  (listener: () => void): (() => void) =>
    sandbox.requests.onChange(listener);
