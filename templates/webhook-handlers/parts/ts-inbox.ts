// The wallet API, and the wallet whose token requeries: WALLET_REFRESH_TOKEN renews the token.
const WALLET_BASE_URL = process.env.WALLET_BASE_URL ?? 'http://127.0.0.1:4010';
const WALLET_APP_KEY = process.env.WALLET_APP_KEY ?? '';
const WALLET_REFRESH_TOKEN = process.env.WALLET_REFRESH_TOKEN ?? '';
let accessToken = process.env.WALLET_ACCESS_TOKEN ?? '';
/** The renewal under way: a burst of 401s renews the token once. */
let renewing⟦: Promise<void> | undefined⟧;
const NOT_CONFIGURED = 'set WALLET_APP_KEY and WALLET_REFRESH_TOKEN (or WALLET_ACCESS_TOKEN): every event is requeried before it is trusted';

/** Whether it can requery at all; without it an event is answered 503 and not kept, and the service sends it again later. */
const canRequery = ()⟦: boolean⟧ => WALLET_APP_KEY !== '' && (accessToken !== '' || WALLET_REFRESH_TOKEN !== '');

/** A new access token from the refresh token (POST /v1/users/accessToken); one renewal at a time. */
function renewAccessToken()⟦: Promise<void>⟧ {
  renewing ??= (async () => {
    if (!WALLET_REFRESH_TOKEN) throw new Error('the wallet access token was refused and WALLET_REFRESH_TOKEN is not set to renew it');
    const response = await fetch(`${WALLET_BASE_URL}/v1/users/accessToken`, {
      method: 'POST',
      headers: { 'X-App-Key': WALLET_APP_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: WALLET_REFRESH_TOKEN }),
      signal: AbortSignal.timeout(10_000),
    });
    const body⟦: unknown⟧ = await response.json().catch(() => undefined);
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
async function walletGet(path⟦: string⟧)⟦: Promise<globalThis.Response>⟧ {
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
async function requeriedAmount(reference⟦: string⟧)⟦: Promise<number | undefined>⟧ {
  const response = await walletGet(`/v1/transactions/${encodeURIComponent(reference)}`);
  if (response.status === 404) return undefined;
  const body⟦: unknown⟧ = await response.json().catch(() => undefined);
  const data = isObject(body) && body.success === true && isObject(body.data) ? body.data : undefined;
  const transaction = data && isObject(data.transaction) ? data.transaction : undefined;
  if (!response.ok || !transaction || !isKobo(transaction.amount)) throw new Error(`the requery answered ${response.status}`);
  return transaction.amount;
}

// The inbox: each event kept, by transactionReference and status, and how far it got. In memory for
// a start: keep it in your app's database (see the header), so a restart or a second server loses none.
⟦/** An event kept, and how far it got: waiting (to process, or to retry), processing, done, ignored. */
interface InboxEntry {
  event: WalletWebhook;
  state: 'waiting' | 'processing' | 'done' | 'ignored';
  tries: number;
  timer?: ReturnType<typeof setTimeout>;
}⟧⟪/**
 * An event kept, and how far it got: waiting (to process, or to retry), processing, done, ignored.
 * @typedef {{ event: WalletWebhook, state: 'waiting' | 'processing' | 'done' | 'ignored', tries: number, timer?: ReturnType<typeof setTimeout> }} InboxEntry
 */⟫
const inbox = new Map⟦<string, InboxEntry>⟧();
const RETRY_SECONDS = [2, 10, 60, 300, 600];

/** Keeps the event once per transactionReference and status and starts its processing; false for one kept already. */
function keep(event⟦: WalletWebhook⟧)⟦: boolean⟧ {
  const key = handledKey(event);
  const kept = inbox.get(key);
  if (kept) {
    if (kept.state === 'waiting') processLater(kept, 0); // delivered again while it waits: try it now
    return false;
  }
  // Checked and claimed in one synchronous step: two deliveries at once keep it once.
  const entry⟦: InboxEntry⟧ = { event, state: 'waiting', tries: 0 };
  inbox.set(key, entry);
  processLater(entry, 0);
  return true;
}

function processLater(entry⟦: InboxEntry⟧, seconds⟦: number⟧)⟦: void⟧ {
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => void processEvent(entry), seconds * 1000);
}

/** Requeries the event, then does your work; what failed stays in the inbox and is tried again later. */
async function processEvent(entry⟦: InboxEntry⟧)⟦: Promise<void>⟧ {
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
