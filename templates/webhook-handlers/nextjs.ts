// Wallet webhooks as a Next.js route handler (written by Wallet Console: Create Webhook Handler).
// Put this file at app/api/webhooks/wallet/route.ts: it serves POST /api/webhooks/wallet. Point the app's callbackURL at it.
// The service retries a delivery until it gets a 2xx answer, and may send one event more than once.
// The inbox below is one per server instance: on a serverless host, where instances come and go
// and work may stop with the answer, keep it in your database and process it from a queue or cron.
//
// @include parts/how-it-works.txt

// @include parts/ts-payloads.ts without export

// @include parts/ts-inbox.ts

/** Your work for one event: runs once per transactionReference and status. */
async function handleWalletWebhook(event: WalletWebhook): Promise<void> {
  // @include parts/money-note.txt
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
