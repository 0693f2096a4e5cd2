// The Express (TypeScript) webhook handler the command writes. Compiled under `tsc --strict` and
// run against the sandbox in test/unit/webhookHandlers.

import { typeScriptPayloads } from './typeScriptPayloads';

export const expressHandler = (
  path: string,
): string => `// Wallet webhooks for an Express app (written by Wallet Console: Create Webhook Handler).
// Mount it in your app, then point the app's callbackURL at it:
//   import { walletWebhooks } from './walletWebhook';
//   app.use(walletWebhooks);   // serves POST ${path}
//   app.listen(3000);
// The service retries a delivery until it gets a 2xx answer, and may send one event more than
// once: this handler answers 2xx at once and does the work once per transactionReference.
import express, { type Request, type Response } from 'express';

${typeScriptPayloads(true)}
// The references already handled. In memory for a start: keep them in your app's database
// (a unique column, written in the same transaction as the work), so a restart or a second
// server still does each transfer's work once.
const handled = new Set<string>();

/** Your work for one event: runs once per transactionReference, after the answer went out. */
async function handleWalletWebhook(event: WalletWebhook): Promise<void> {
  const naira = (event.data.amount / 100).toFixed(2);
  console.log(\`[wallet webhook] processed \${event.type} \${event.message} \${event.data.transactionReference} (\${event.data.amount} kobo = NGN \${naira})\`);
}

export const walletWebhooks = express.Router();

walletWebhooks.post('${path}', express.json({ limit: '64kb' }), (req: Request, res: Response) => {
  const event = parseWalletWebhook(req.body as unknown);
  if ('error' in event) {
    console.warn(\`[wallet webhook] rejected: \${event.error}\`);
    res.status(400).json({ error: event.error });
    return;
  }
  const reference = event.data.transactionReference;
  if (handled.has(reference)) {
    console.log(\`[wallet webhook] duplicate \${event.type} \${reference}: already processed, acknowledged again\`);
    res.status(200).json({ received: true, duplicate: true });
    return;
  }
  handled.add(reference);
  // Answer first: the sender waits only a few seconds, then counts the delivery as failed.
  res.status(200).json({ received: true });
  handleWalletWebhook(event).catch((error: unknown) => {
    handled.delete(reference); // not done: a redelivery may try again
    console.error(\`[wallet webhook] \${reference} failed\`, error);
  });
});

// A body that is not JSON: 400 (express.json's own error), not 500, so the sender stops retrying it.
walletWebhooks.use('${path}', (error: unknown, _req: Request, res: Response, next: (error?: unknown) => void) => {
  if (error instanceof SyntaxError) {
    console.warn('[wallet webhook] rejected: the body is not JSON');
    res.status(400).json({ error: 'the body is not JSON' });
    return;
  }
  next(error);
});
`;
