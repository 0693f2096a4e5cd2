// A careless shop: a small Node shop (node:http and fetch, nothing to install) that integrates the
// wallet API the way too many real ones do. It signs a wallet in by OTP, pays suppliers and
// customers by bank and phone transfer, shows a balance dashboard, and takes the API's webhooks.
// Every "mistake:" comment below is one the sandbox's integration review flags
// (docs/integration-review.md); ../careful-shop/shop.mjs is the same shop done right.
//
// Run it by hand against `npx wallet-sandbox` (see README.md), or call runShop() from a test.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The bank account the shop pays its supplier: the sandbox's magic account that succeeds at once. */
export const SUPPLIER = { accountNumber: '1000000001', bankCode: '000014', accountName: 'SANDBOX INSTANT SUCCESS' };
/** The customer the shop refunds by phone transfer: the sandbox's persona wallet. */
export const CUSTOMER_MOBILE = '2349090000000';
/** The customer's BVN, which the shop checks before refunding (GET /v1/queries/bvn; each query is charged N35). */
export const CUSTOMER_BVN = '22123456789';
/** Where the shop's dashboard page is served: a browser there calls the wallet API itself. */
export const DASHBOARD_ORIGIN = 'http://localhost:3000';

/**
 * Runs a day of the shop: `askPasscode(mobile)` answers the passcode just sent to the wallet (the
 * person reads it from the SMS; a test asks the sandbox), and `letTimePass(seconds)` is how the day
 * goes by (a test advances the sandbox's virtual clock). Answers what the shop told the people it
 * paid, one line each.
 */
export async function runShop({ baseUrl, appKey, mobile, askPasscode, letTimePass }) {
  const api = apiClient(baseUrl, appKey);
  const told = [];
  const webhooks = await startWebhookEndpoint(told);
  try {
    await api.send('PUT', '/v1/apps/settings', { callbackURL: webhooks.url });
    const dashboardToken = await dashboardSignIn(api, mobile, askPasscode);
    // mistake: the wallet token goes in the URL too, "so the logs show which wallet it was".
    await api.send('GET', `/v1/users/balance?token=${dashboardToken}`, undefined, dashboardToken);
    // mistake: the dashboard page calls the wallet API from the browser, with the app key and the
    // wallet token in its JavaScript, for anyone who opens the page to read.
    await api.send('GET', '/v1/users/balance', undefined, dashboardToken, { Origin: DASHBOARD_ORIGIN });
    // mistake: a path the API does not have (the history is GET /v1/transactions): it fails every time.
    await api.send('GET', '/v1/users/transactions?limit=5', undefined, dashboardToken);

    told.push(await paySupplier(api, mobile, askPasscode, 250_000));
    told.push(await refundCustomer(api, mobile, askPasscode, 100_000));
    told.push(await refundCustomer(api, mobile, askPasscode, 150_000));
    told.push(await refundDeliveryFee(api, dashboardToken, 19.99));

    await letTimePass(2 * 86_400); // the dashboard stays open over two days
    told.push(await showBalance(api, dashboardToken));
    return told;
  } finally {
    await webhooks.close();
  }
}

// mistake: the dashboard reads `body.status` (the answer says `success`), takes its first sign-in
// for failed, throws the tokens away and signs in again: a second passcode for the customer.
async function dashboardSignIn(api, mobile, askPasscode) {
  await api.send('POST', '/v1/users/auth', { mobile, factor: 'sms' });
  const first = await api.send('POST', '/v1/users/auth', { mobile, factor: 'sms', passcode: await askPasscode(mobile) });
  if (first.body.status === 'success') return first.body.data.accessToken;
  return signIn(api, mobile, askPasscode);
}

// mistake: a new OTP sign-in for every payment, though a token lives a day: a passcode per payment.
async function signIn(api, mobile, askPasscode) {
  await api.send('POST', '/v1/users/auth', { mobile, factor: 'sms' });
  const passcode = await askPasscode(mobile);
  const { body } = await api.send('POST', '/v1/users/auth', { mobile, factor: 'sms', passcode });
  return body.data.accessToken;
}

async function paySupplier(api, mobile, askPasscode, amount) {
  const token = await signIn(api, mobile, askPasscode);
  // mistake: no GET /v1/queries/verify first: a mistyped account number pays a stranger.
  const transfer = { ...SUPPLIER, amount };
  // mistake: retries a transfer after a timeout or a dropped connection: the first may have paid.
  for (let attempt = 1; ; attempt++) {
    try {
      const { body } = await api.send('POST', '/v1/users/transfers/bank', transfer, token);
      return body.success ? `supplier paid ₦${amount / 100}` : `supplier not paid: ${body.error}`;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function refundCustomer(api, mobile, askPasscode, amount) {
  const token = await signIn(api, mobile, askPasscode);
  // mistake: the customer's mobile is never validated (POST /v1/users/auth/validate): a mistyped
  // mobile refunds a stranger.
  // mistake: the customer's BVN is looked up again before every refund, though its answer never
  // changes: each lookup is charged N35.
  await api.send('GET', `/v1/queries/bvn?bvn=${CUSTOMER_BVN}`, undefined, token);
  try {
    const { body } = await api.send('POST', '/v1/users/transfers/phone', { mobile: CUSTOMER_MOBILE, amount }, token);
    return body.success ? `customer refunded ₦${amount / 100}` : `refund refused: ${body.error}`;
  } catch {
    // mistake: no answer is taken for "failed" and the shop goes on to the next payment without
    // requerying: the refund may well have been made, and the customer is told to expect another.
    return `refund of ₦${amount / 100} failed`;
  }
}

// mistake: naira turned into kobo in floating point: 19.99 * 100 is 1998.9999999999998, which the
// API refuses (or, truncated somewhere, pays a kobo short).
async function refundDeliveryFee(api, token, naira) {
  const { body } = await api.send('POST', '/v1/users/transfers/phone', { mobile: CUSTOMER_MOBILE, amount: naira * 100 }, token);
  return body.success ? `delivery fee refunded ₦${naira}` : `delivery fee refund refused: ${body.error}`;
}

async function showBalance(api, token) {
  // mistake: on a 401 it asks again with the same token, never refreshing it or signing in again.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { status, body } = await api.send('GET', '/v1/users/balance', undefined, token);
    if (status !== 401) return `balance ₦${body.data.user.balance / 100}`;
  }
  return 'balance unavailable';
}

/** The shop's webhook endpoint: it "credits" orders from what events say. */
async function startWebhookEndpoint(told) {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const { type, data } = JSON.parse(text).payload;
      // mistake: answers 400 to an event type it does not handle, so the API sends it again and again.
      if (type !== 'BANK_TRANSFER') return response.writeHead(400).end('unexpected event');
      // mistake: trusts the event as it came, with no requery: this API signs no webhooks, so
      // anyone who finds this URL can post a "SUCCESS" for a transfer that never happened.
      told.push(`supplier payment ${data.transactionReference} confirmed by webhook`);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/webhooks/wallet`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** fetch with the app key (and a wallet token, and other headers, when given); it throws when no answer came. */
function apiClient(baseUrl, appKey) {
  return {
    async send(method, path, body, token, more = {}) {
      const headers = { 'X-App-Key': appKey, 'Content-Type': 'application/json', ...more };
      if (token) headers['X-App-Wallet-Access-Token'] = token;
      const response = await fetch(baseUrl + path, { method, headers, body: body && JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
  };
}

// By hand: `node docs/examples/careless-shop/shop.mjs` (README.md says how).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { runByHand } = await import('../runShopByHand.mjs');
  await runByHand('careless shop', runShop);
}
