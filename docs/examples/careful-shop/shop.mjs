// A careful shop: the same small Node shop as ../careless-shop/shop.mjs (node:http and fetch,
// nothing to install), done right. It signs a wallet in by OTP once, pays its supplier by bank
// and refunds customers by phone transfer, shows a balance dashboard, and takes the API's
// webhooks. Each "correction:" comment is the fix docs/integration-review.md gives for a rule;
// the sandbox's integration review finds nothing here.
//
// Run it by hand against `npx wallet-sandbox` (see README.md), or call runShop() from a test.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The bank account the shop pays its supplier: the sandbox's magic account that succeeds at once. */
export const SUPPLIER = { accountNumber: '1000000001', bankCode: '000014' };
/** The customer the shop refunds by phone transfer: the sandbox's persona wallet. */
export const CUSTOMER_MOBILE = '2349090000000';
/** The customer's BVN, which the shop checks before refunding (GET /v1/queries/bvn; each query is charged N35). */
export const CUSTOMER_BVN = '22123456789';

/**
 * Runs a day of the shop: `askPasscode(mobile)` answers the passcode just sent to the wallet (the
 * person reads it from the SMS; a test asks the sandbox), and `letTimePass(seconds)` is how the day
 * goes by (a test advances the sandbox's virtual clock). Answers what the shop told the people it
 * paid, one line each.
 */
export async function runShop({ baseUrl, appKey, mobile, askPasscode, letTimePass }) {
  const api = apiClient(baseUrl, appKey);
  const told = [];
  // correction: one sign-in, kept in memory (a server-side store in a real shop) until refused.
  const wallet = await signIn(api, mobile, askPasscode);
  await readBooks(api, wallet);
  const webhooks = await startWebhookEndpoint(api, wallet, told);
  try {
    await api.send('PUT', '/v1/apps/settings', { callbackURL: webhooks.url });
    // correction: the token travels in the X-App-Wallet-Access-Token header only, never in a URL.
    told.push(await showBalance(api, wallet));

    const supplier = await paySupplier(api, wallet, 250_000);
    const firstRefund = await refundCustomer(api, wallet, 100_000);
    told.push(supplier, firstRefund, await refundCustomer(api, wallet, 150_000));
    // The people whose payment was not made (the requery said so) confirm it again, a minute later.
    await letTimePass(60);
    if (supplier.startsWith('supplier not paid')) told.push(await paySupplier(api, wallet, 250_000));
    if (firstRefund.startsWith('refund not made')) told.push(await refundCustomer(api, wallet, 100_000));

    await letTimePass(2 * 86_400); // the dashboard stays open over two days
    told.push(await showBalance(api, wallet));
    await webhooks.idle();
    return told;
  } finally {
    await webhooks.close();
  }
}

async function signIn(api, mobile, askPasscode) {
  await api.send('POST', '/v1/users/auth', { mobile, factor: 'sms' });
  const passcode = await askPasscode(mobile);
  const { body } = await api.send('POST', '/v1/users/auth', { mobile, factor: 'sms', passcode });
  return {
    token: body.data.accessToken,
    refreshToken: body.data.refreshToken,
    references: new Set(),
    bvnChecks: new Map(),
    validated: new Set(),
  };
}

/**
 * The shop's books: the references of the transfers it knows of (a real shop keeps them in its
 * database). A requery after an unanswered transfer looks for one the books do not have yet.
 */
async function readBooks(api, wallet) {
  const { body } = await walletCall(api, wallet, 'GET', '/v1/transactions?limit=50');
  for (const record of body.data.transactions) wallet.references.add(record.reference);
}

/** A wallet call; correction: on a 401 with 10005 (expired) it refreshes the token once and asks again. */
async function walletCall(api, wallet, method, path, body) {
  const answer = await api.send(method, path, body, wallet.token);
  if (answer.status !== 401 || answer.body.errorCode !== '10005') return answer;
  const refreshed = await api.send('POST', '/v1/users/accessToken', { refreshToken: wallet.refreshToken });
  if (!refreshed.body.success) throw new Error('The wallet must sign in again: its refresh token was refused');
  wallet.token = refreshed.body.data.accessToken;
  return api.send(method, path, body, wallet.token);
}

async function paySupplier(api, wallet, amount) {
  // correction: verify the account first, and send the name the API answers for it.
  const query = `accountNumber=${SUPPLIER.accountNumber}&bankCode=${SUPPLIER.bankCode}`;
  const verified = await walletCall(api, wallet, 'GET', `/v1/queries/verify?${query}`);
  if (!verified.body.success) return `supplier not paid: ${verified.body.error}`;
  const transfer = { ...SUPPLIER, accountName: verified.body.data.accountName, amount };
  const sent = await moveMoney(api, wallet, '/v1/users/transfers/bank', transfer, (record) => {
    return record.type === 'bank' && record.recipient.accountNumber === SUPPLIER.accountNumber;
  });
  return sent.made ? `supplier paid ₦${amount / 100} (${sent.reference})` : `supplier not paid: ${sent.why}`;
}

/** correction: a BVN's answer never changes and each lookup is charged, so the first is kept (with the customer record in a real shop). */
async function checkCustomer(api, wallet, bvn) {
  if (!wallet.bvnChecks.has(bvn)) wallet.bvnChecks.set(bvn, (await walletCall(api, wallet, 'GET', `/v1/queries/bvn?bvn=${bvn}`)).body.data);
  return wallet.bvnChecks.get(bvn);
}

/**
 * correction: the customer's mobile is validated (POST /v1/users/auth/validate) before money goes
 * to it, once: a mistyped mobile would refund a stranger. A real shop shows it to the customer too.
 */
async function validateCustomer(api, wallet, mobile) {
  if (wallet.validated.has(mobile)) return true;
  const { body } = await api.send('POST', '/v1/users/auth/validate', { mobile });
  if (body.success) wallet.validated.add(mobile);
  return body.success === true;
}

async function refundCustomer(api, wallet, amount) {
  await checkCustomer(api, wallet, CUSTOMER_BVN);
  if (!(await validateCustomer(api, wallet, CUSTOMER_MOBILE))) return `refund not made: ${CUSTOMER_MOBILE} is not a wallet`;
  const sent = await moveMoney(api, wallet, '/v1/users/transfers/phone', { mobile: CUSTOMER_MOBILE, amount }, (record) => {
    return record.type === 'phone' && record.direction === 'debit' && record.recipient.mobile === CUSTOMER_MOBILE;
  });
  return sent.made ? `customer refunded ₦${amount / 100} (${sent.reference})` : `refund not made: ${sent.why}`;
}

/**
 * Sends a money POST once. correction: it is never retried; when no answer came, the outcome is
 * unknown, so the shop requeries (the transaction history) and settles it from what that says.
 */
async function moveMoney(api, wallet, path, body, isThisTransfer) {
  let answer;
  try {
    answer = await walletCall(api, wallet, 'POST', path, body);
  } catch {
    const { body: history } = await walletCall(api, wallet, 'GET', '/v1/transactions?limit=20');
    const found = (history.data?.transactions ?? []).find(
      (record) => record.amount === body.amount && isThisTransfer(record) && !wallet.references.has(record.reference),
    );
    if (!found) return { made: false, why: 'no answer came, and the requery shows no such transfer: confirm to try again' };
    wallet.references.add(found.reference);
    return { made: true, reference: found.reference };
  }
  if (!answer.body.success) return { made: false, why: answer.body.error };
  const { transaction } = answer.body.data;
  const reference = transaction.transactionReference ?? transaction.reference;
  wallet.references.add(reference);
  return { made: true, reference };
}

async function showBalance(api, wallet) {
  const { body } = await walletCall(api, wallet, 'GET', '/v1/users/balance');
  return body.success ? `balance ₦${body.data.user.balance / 100}` : `balance unavailable: ${body.error}`;
}

/**
 * The shop's webhook endpoint. correction: an event is a hint, not proof (this API signs no
 * webhooks): it fetches the transaction from the API by its reference (one quick read, well within
 * the 5 s the API allows) and trusts what that says, then answers 200 to every well-formed event,
 * known type or not. Slow work (e-mails, shipping) belongs in a queue, after the answer.
 */
async function startWebhookEndpoint(api, wallet, told) {
  const working = new Set();
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      let event;
      try {
        event = JSON.parse(text).payload;
      } catch {
        return response.writeHead(400).end('not JSON'); // a 4xx: the API does not send garbage again
      }
      const work = confirm(api, wallet, event, told).finally(() => {
        working.delete(work);
        response.writeHead(200).end('ok');
      });
      working.add(work);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/webhooks/wallet`,
    idle: () => Promise.allSettled([...working]),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function confirm(api, wallet, event, told) {
  const reference = event?.data?.transactionReference;
  if (typeof reference !== 'string') return;
  const path = event.type === 'BANK_TRANSFER' ? `/v1/users/transfers/requery/bank/${reference}` : `/v1/transactions/${reference}`;
  const { body } = await walletCall(api, wallet, 'GET', path).catch(() => ({ body: {} }));
  // A reference the API does not know is a forged event: acknowledged, and ignored.
  if (body.success) told.push(`${event.type} ${reference} confirmed by requery`);
}

/** fetch with the app key (and a wallet token when given); it throws when no answer came. */
function apiClient(baseUrl, appKey) {
  return {
    async send(method, path, body, token) {
      const headers = { 'X-App-Key': appKey, 'Content-Type': 'application/json' };
      if (token) headers['X-App-Wallet-Access-Token'] = token;
      const response = await fetch(baseUrl + path, { method, headers, body: body && JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
  };
}

// By hand: `node docs/examples/careful-shop/shop.mjs` (README.md says how).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { runByHand } = await import('../runShopByHand.mjs');
  await runByHand('careful shop', runShop);
}
