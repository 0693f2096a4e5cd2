import { randomBytes } from 'node:crypto';
import { CHECK_USER_AGENT } from '../findings/finding';

// The API calls the check makes as the handler's app would: plain HTTP to the sandbox, so the
// check runs the same against the sandbox of this process or a running one (--sandbox). Each says
// it is the check's (CHECK_USER_AGENT): its test transfers are the tool's traffic, which the
// integration review leaves alone, and the editor's Requests view names it.

/** What the handler requeries with, and what the check moves its money with: the same app and wallet. */
export interface CheckCredentials {
  appKey: string;
  accessToken: string;
  /** The wallet's refresh token, for a handler that renews its access token (newCheckApp gives one). */
  refreshToken?: string;
}

interface Envelope {
  success?: boolean;
  data?: Record<string, unknown>;
  message?: string;
  error?: string;
}

/** One API call; throws with the sandbox's own error text when it refuses. */
export async function apiCall(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Envelope> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'User-Agent': CHECK_USER_AGENT, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({}))) as Envelope;
  if (!response.ok || answer.success !== true) {
    throw new Error(`${method} ${path} answered ${response.status}: ${answer.error ?? 'no error text'}`);
  }
  return answer;
}

const walletHeaders = (credentials: CheckCredentials): Record<string, string> => ({
  'X-App-Key': credentials.appKey,
  'X-App-Wallet-Access-Token': credentials.accessToken,
});

/** Points the app's callbackURL at the handler: the sandbox sends the app's events there. */
export async function pointCallback(base: string, credentials: CheckCredentials, handlerUrl: string): Promise<void> {
  await apiCall(base, 'PUT', '/v1/apps/settings', { 'X-App-Key': credentials.appKey }, { callbackURL: handlerUrl });
}

/** A real ₦1.00 phone transfer to the persona wallet: the sandbox's PHONE_TRANSFER event follows at once. Answers its reference. */
export async function phoneTransfer(base: string, credentials: CheckCredentials, mobile: string): Promise<string> {
  const answer = await apiCall(base, 'POST', '/v1/users/transfers/phone', walletHeaders(credentials), { mobile, amount: 100 });
  return (answer.data?.['transaction'] as { reference: string }).reference;
}

/** A real ₦1.00 bank transfer to the instant-success account: its BANK_TRANSFER event follows at once. Answers its reference. */
export async function bankTransfer(base: string, credentials: CheckCredentials): Promise<string> {
  const body = { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS', amount: 100 };
  const answer = await apiCall(base, 'POST', '/v1/users/transfers/bank', walletHeaders(credentials), body);
  return (answer.data?.['transaction'] as { transactionReference: string }).transactionReference;
}

/**
 * A ₦1.00 bank transfer to an ordinary account (its name verified first, as an app would): it
 * answers pending and settles after 10 s of the sandbox clock. Answers its reference.
 */
export async function pendingBankTransfer(base: string, credentials: CheckCredentials): Promise<string> {
  const account = { accountNumber: '0000000001', bankCode: '000014' };
  const verified = await apiCall(base, 'GET', `/v1/queries/verify?${new URLSearchParams(account)}`, walletHeaders(credentials));
  const body = { ...account, accountName: verified.data?.['accountName'] as string, amount: 100 };
  const answer = await apiCall(base, 'POST', '/v1/users/transfers/bank', walletHeaders(credentials), body);
  return (answer.data?.['transaction'] as { transactionReference: string }).transactionReference;
}

/** The persona wallet (its passcode is always 111111), connected to a new developer's new app: credentials for a check. */
export async function newCheckApp(base: string): Promise<CheckCredentials & { mobile: string }> {
  const email = `webhook-check-${randomBytes(6).toString('hex')}@example.ng`;
  const password = randomBytes(12).toString('hex');
  await apiCall(base, 'POST', '/v1/auth/signup', {}, { email, password });
  const auth = await apiCall(base, 'POST', '/v1/resource/auth', {}, { email, password });
  const token = auth.data?.['token'] as string;
  const created = await apiCall(base, 'POST', '/v1/resource/app', { 'x-auth-token': token }, { name: 'Webhook check' });
  const appKey = (created.data?.['app'] as { key: string }).key;
  const mobile = '2349090000000';
  const app = { 'X-App-Key': appKey };
  await apiCall(base, 'POST', '/v1/users/auth', app, { mobile, factor: 'sms' });
  const verified = await apiCall(base, 'POST', '/v1/users/auth', app, { mobile, factor: 'sms', passcode: '111111' });
  const { accessToken, refreshToken } = verified.data as { accessToken: string; refreshToken: string };
  return { appKey, accessToken, refreshToken, mobile };
}
