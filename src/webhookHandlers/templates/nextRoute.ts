// The Next.js (app router) route handler the command writes. It uses only the web-standard
// Request and Response, so the tests compile it under `tsc --strict` with the DOM library and
// no `next` package.

import { typeScriptPayloads } from './typeScriptPayloads';

export const nextRouteHandler = (
  path: string,
): string => `// Wallet webhooks as a Next.js route handler (written by Wallet Console: Create Webhook Handler).
// Put this file at app${path}/route.ts: it serves POST ${path}. Point the app's callbackURL at it.
// The service retries a delivery until it gets a 2xx answer, and may send one event more than
// once: this handler answers 2xx at once and does the work once per transactionReference (and status), for a
// transfer the API knows: it requeries each event at WALLET_BASE_URL with WALLET_APP_KEY and
// WALLET_ACCESS_TOKEN (your app's key, its wallet's token).

${typeScriptPayloads(false)}
// The transfers and statuses already handled. In memory for a start (one per server instance,
// lost on restart): keep them in your app's database (a unique column, written in the same transaction
// as the work), so every instance does each transfer's work once.
const handled = new Set<string>();

/** Your work for one event: runs once per transactionReference and status. */
async function handleWalletWebhook(event: WalletWebhook): Promise<void> {
  const naira = (event.data.amount / 100).toFixed(2);
  console.log(\`[wallet webhook] processed \${event.type} \${event.message} \${event.data.transactionReference} (\${event.data.amount} kobo = NGN \${naira})\`);
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
    console.warn(\`[wallet webhook] rejected: \${event.error}\`);
    return answer(400, { error: event.error });
  }
  const reference = event.data.transactionReference;
  if (!isFinal(event)) {
    console.log(\`[wallet webhook] \${event.message} \${event.type} \${reference}: not a final status, acknowledged\`);
    return answer(200, { received: true });
  }
  // Claimed before the work, in one step: a copy that comes meanwhile is a duplicate.
  const key = handledKey(event);
  if (handled.has(key)) {
    console.log(\`[wallet webhook] duplicate \${event.type} \${reference}: already processed, acknowledged again\`);
    return answer(200, { received: true, duplicate: true });
  }
  handled.add(key);
  // Not awaited: the answer goes out now (the sender waits only a few seconds). On a serverless
  // host whose work stops with the answer, await it (keep it short) or hand it to a queue.
  whenGenuine(event, handleWalletWebhook).catch((error: unknown) => {
    handled.delete(key); // not done: a redelivery may try again
    console.error(\`[wallet webhook] \${reference} failed\`, error);
  });
  return answer(200, { received: true });
}
`;
