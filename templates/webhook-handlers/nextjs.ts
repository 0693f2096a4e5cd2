// Wallet webhooks as a Next.js route handler (written by Wallet Console: Create Webhook Handler).
// Put this file at app/api/webhooks/wallet/route.ts: it serves POST /api/webhooks/wallet. Point the app's callbackURL at it.
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
// The inbox below is one per server instance: on a serverless host, where instances come and go
// and work may stop with the answer, keep it in your database and process it from a queue or cron.
//
// How it works (no event is lost, none is done twice):
// 1. Check: a body that is not a wallet event is answered 400, so the service stops sending it.
// 2. Keep, then answer: the event goes into the inbox once per transactionReference and status
//    (the claim is checked and made in one step, so two deliveries at once keep it once; a
//    reversal, FAILED after SUCCESS, is not a duplicate), then 200 at once. A redelivery of one
//    already kept is acknowledged and not kept twice. A status that is not final (an older
//    PENDING that came late) is acknowledged and never processed: it must not undo a SUCCESS.
//    Without WALLET_APP_KEY and a token it answers 503 and keeps nothing: the service sends the
//    event again later.
// 3. Process, after the answer: this API signs no webhooks, so each event is requeried
//    (GET /v1/transactions/:transactionReference) and your work runs only for a transfer the API
//    knows, of the event's amount; any other is ignored (a forged event?).
// 4. Retry what failed: a 401 renews the access token with WALLET_REFRESH_TOKEN
//    (POST /v1/users/accessToken) and asks again; a 5xx, a timeout or a failure of your work is
//    tried again later (after 2 s, 10 s, 1 min, 5 min, then every 10 min) and never dropped.
// The inbox is in memory in this scaffold: an event kept but not yet processed is lost when the
// process stops. Keep it in your app's database instead (a table unique on transactionReference and status,
// written before the 200; each event's state changed in the same transaction as your work).
// It reads WALLET_BASE_URL, WALLET_APP_KEY, WALLET_REFRESH_TOKEN (the wallet's, to renew its access
// token) and, to start with, WALLET_ACCESS_TOKEN. In VS Code, Wallet Console gives new terminals all
// four with the setting walletConsole.terminal.includeAppKey on (the local sandbox's, never a live key).

/** A completed transfer to a bank account. Amounts are kobo (integer; 100 kobo = 1 naira). */
interface BankTransferData {
  accountName: string;
  accountNumber: string;
  /** Kobo. */
  amount: number;
  transactionReference: string;
  statusCode: string;
}

/** A completed transfer to another wallet by phone number. Amounts are kobo. */
interface PhoneTransferData {
  appWalletMobile: string;
  /** Kobo. */
  amount: number;
  recipientMobile: string;
  transactionReference: string;
}

/** `message` is "SUCCESS", or "FAILED" for a bank transfer that failed (its money returns to the wallet). */
type WalletWebhook =
  | { message: string; type: 'BANK_TRANSFER'; data: BankTransferData }
  | { message: string; type: 'PHONE_TRANSFER'; data: PhoneTransferData };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isKobo = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The event in the body `{ payload: { message, type, data } }`, or why it is not one. */
function parseWalletWebhook(body: unknown): WalletWebhook | { error: string } {
  const payload = isObject(body) ? body.payload : undefined;
  if (!isObject(payload) || !isText(payload.message) || !isObject(payload.data)) {
    return { error: 'expected { payload: { message, type, data } }' };
  }
  const { message, type, data } = payload;
  if (!isText(data.transactionReference)) return { error: 'data.transactionReference must be a string' };
  if (!isKobo(data.amount)) return { error: 'data.amount must be a whole number of kobo' };
  if (type === 'BANK_TRANSFER') {
    if (!isText(data.accountName) || !isText(data.accountNumber) || !isText(data.statusCode)) {
      return { error: 'BANK_TRANSFER needs data.accountName, data.accountNumber and data.statusCode' };
    }
    const { accountName, accountNumber, amount, transactionReference, statusCode } = data;
    return { message, type, data: { accountName, accountNumber, amount, transactionReference, statusCode } };
  }
  if (type === 'PHONE_TRANSFER') {
    if (!isText(data.appWalletMobile) || !isText(data.recipientMobile)) {
      return { error: 'PHONE_TRANSFER needs data.appWalletMobile and data.recipientMobile' };
    }
    const { appWalletMobile, amount, recipientMobile, transactionReference } = data;
    return { message, type, data: { appWalletMobile, amount, recipientMobile, transactionReference } };
  }
  return { error: 'type must be BANK_TRANSFER or PHONE_TRANSFER' };
}

/** SUCCESS and FAILED settle a transfer; anything else (an older PENDING that came late) must not undo them. */
function isFinal(event: WalletWebhook): boolean {
  return event.message === 'SUCCESS' || event.message === 'FAILED';
}

/** One key per transfer and status: a copy of an event is a duplicate, a reversal (FAILED after SUCCESS) is not. */
function handledKey(event: WalletWebhook): string {
  return `${event.data.transactionReference} ${event.message}`;
}

// The wallet API, and the wallet whose token requeries: WALLET_REFRESH_TOKEN renews the token.
const WALLET_BASE_URL = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
const WALLET_APP_KEY = process.env.WALLET_APP_KEY ?? '';
const WALLET_REFRESH_TOKEN = process.env.WALLET_REFRESH_TOKEN ?? '';
let accessToken = process.env.WALLET_ACCESS_TOKEN ?? '';
/** The renewal under way: a burst of 401s renews the token once. */
let renewing: Promise<void> | undefined;
const NOT_CONFIGURED = 'set WALLET_APP_KEY and WALLET_REFRESH_TOKEN (or WALLET_ACCESS_TOKEN): every event is requeried before it is trusted';

/** Whether it can requery at all; without it an event is answered 503 and not kept, and the service sends it again later. */
const canRequery = (): boolean => WALLET_APP_KEY !== '' && (accessToken !== '' || WALLET_REFRESH_TOKEN !== '');

/** A new access token from the refresh token (POST /v1/users/accessToken); one renewal at a time. */
function renewAccessToken(): Promise<void> {
  renewing ??= (async () => {
    if (!WALLET_REFRESH_TOKEN) throw new Error('the wallet access token was refused and WALLET_REFRESH_TOKEN is not set to renew it');
    const response = await fetch(`${WALLET_BASE_URL}/v1/users/accessToken`, {
      method: 'POST',
      headers: { 'X-App-Key': WALLET_APP_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: WALLET_REFRESH_TOKEN }),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    const data = isObject(body) && body.success === true && isObject(body.data) ? body.data : undefined;
    if (!response.ok || !data || !isText(data.accessToken)) {
      throw new Error(`renewing the access token answered ${response.status}: connect the wallet again and set its new WALLET_REFRESH_TOKEN`);
    }
    accessToken = data.accessToken;
    console.log('[wallet webhook] renewed the wallet access token');
  })().finally(() => {
    renewing = undefined;
  });
  return renewing;
}

/** A GET of the wallet API with the wallet's token; a 401 renews the token (unless another call just did) and asks once more. */
async function walletGet(path: string): Promise<globalThis.Response> {
  if (!accessToken) await renewAccessToken();
  for (let renewed = false; ; renewed = true) {
    const sent = accessToken;
    const response = await fetch(`${WALLET_BASE_URL}${path}`, {
      headers: { 'X-App-Key': WALLET_APP_KEY, 'X-App-Wallet-Access-Token': sent },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 401 || renewed) return response;
    if (accessToken === sent) await renewAccessToken();
  }
}

/** The transaction's amount in kobo as the API knows it; undefined when it does not know it (a forged event). Anything else throws: tried again later. */
async function requeriedAmount(reference: string): Promise<number | undefined> {
  const response = await walletGet(`/v1/transactions/${encodeURIComponent(reference)}`);
  if (response.status === 404) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const data = isObject(body) && body.success === true && isObject(body.data) ? body.data : undefined;
  const transaction = data && isObject(data.transaction) ? data.transaction : undefined;
  if (!response.ok || !transaction || !isKobo(transaction.amount)) throw new Error(`the requery answered ${response.status}`);
  return transaction.amount;
}

// The inbox: each event kept, by transactionReference and status, and how far it got. In memory for
// a start: keep it in your app's database (see the header), so a restart or a second server loses none.
/** An event kept, and how far it got: waiting (to process, or to retry), processing, done, ignored. */
interface InboxEntry {
  event: WalletWebhook;
  state: 'waiting' | 'processing' | 'done' | 'ignored';
  tries: number;
  timer?: ReturnType<typeof setTimeout>;
}
const inbox = new Map<string, InboxEntry>();
const RETRY_SECONDS = [2, 10, 60, 300, 600];

/** Keeps the event once per transactionReference and status and starts its processing; false for one kept already. */
function keep(event: WalletWebhook): boolean {
  const key = handledKey(event);
  const kept = inbox.get(key);
  if (kept) {
    if (kept.state === 'waiting') processLater(kept, 0); // delivered again while it waits: try it now
    return false;
  }
  // Checked and claimed in one synchronous step: two deliveries at once keep it once.
  const entry: InboxEntry = { event, state: 'waiting', tries: 0 };
  inbox.set(key, entry);
  processLater(entry, 0);
  return true;
}

function processLater(entry: InboxEntry, seconds: number): void {
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => void processEvent(entry), seconds * 1000);
}

/** Requeries the event, then does your work; what failed stays in the inbox and is tried again later. */
async function processEvent(entry: InboxEntry): Promise<void> {
  if (entry.state !== 'waiting') return;
  entry.state = 'processing'; // claimed: a redelivery meanwhile does not run it twice
  const { event } = entry;
  const reference = event.data.transactionReference;
  try {
    const amount = await requeriedAmount(reference);
    if (amount !== event.data.amount) {
      entry.state = 'ignored';
      const why = amount === undefined ? 'the API does not know this transfer' : 'the API has another amount';
      console.warn(`[wallet webhook] ignored ${event.type} ${reference}: ${why} (a forged event?)`);
      return;
    }
    await handleWalletWebhook(event);
    entry.state = 'done';
  } catch (error) {
    const seconds = RETRY_SECONDS[Math.min(entry.tries, RETRY_SECONDS.length - 1)] ?? 600;
    entry.tries += 1;
    entry.state = 'waiting';
    const why = error instanceof Error ? error.message : String(error);
    console.warn(`[wallet webhook] ${reference} not processed yet (${why}): kept, trying again in ${seconds} s`);
    processLater(entry, seconds);
  }
}

/** Your work for one event: runs once per transactionReference and status. */
async function handleWalletWebhook(event: WalletWebhook): Promise<void> {
  // The statusCode of a BANK_TRANSFER event: 000001 success (paid), 000002 pending (not paid yet:
  // requery), 000000 failed (the money returned). statusCode 000002 is pending, not paid: neither
  // credit nor refund it yet; requery it by its reference (or wait for its webhook) until it is
  // 000001 (paid) or 000000 (failed, the money returned).
  const naira = (event.data.amount / 100).toFixed(2);
  console.log(`[wallet webhook] processed ${event.type} ${event.message} ${event.data.transactionReference} (${event.data.amount} kobo = NGN ${naira})`);
}

const answer = (status: number, body: Record<string, unknown>): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export async function POST(request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    console.warn('[wallet webhook] rejected: the body is not JSON');
    return answer(400, { error: 'the body is not JSON' });
  }
  const event = parseWalletWebhook(body);
  if ('error' in event) {
    console.warn(`[wallet webhook] rejected: ${event.error}`);
    return answer(400, { error: event.error });
  }
  // An older PENDING that came late must not undo a SUCCESS or FAILED: acknowledged, never processed.
  if (!isFinal(event)) {
    console.log(`[wallet webhook] ${event.message} ${event.type} ${event.data.transactionReference}: not a final status, acknowledged`);
    return answer(200, { received: true });
  }
  if (!canRequery()) {
    console.warn(`[wallet webhook] ${event.type} ${event.data.transactionReference} not kept, answered 503: ${NOT_CONFIGURED}`);
    return answer(503, { error: 'not set up to requery events: not kept, send it again later' });
  }
  // Kept first, then answered at once (the sender waits only a few seconds); processed after the answer.
  if (keep(event)) return answer(200, { received: true });
  console.log(`[wallet webhook] duplicate ${event.type} ${event.data.transactionReference}: already kept, acknowledged again`);
  return answer(200, { received: true, duplicate: true });
}
