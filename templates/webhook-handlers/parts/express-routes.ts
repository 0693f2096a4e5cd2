/** Your work for one event: runs once per transactionReference and status, after the answer went out.⟪ @param {WalletWebhook} event⟫ */
async function handleWalletWebhook(event⟦: WalletWebhook⟧)⟦: Promise<void>⟧ {
  // @include money-note.txt
  const naira = (event.data.amount / 100).toFixed(2);
  console.log(`[wallet webhook] processed ${event.type} ${event.message} ${event.data.transactionReference} (${event.data.amount} kobo = NGN ${naira})`);
}

export const walletWebhooks = express.Router();⟪
exports.walletWebhooks = walletWebhooks;⟫

walletWebhooks.post('/webhooks/wallet', express.json({ limit: '64kb' }), (req⟦: Request⟧, res⟦: Response⟧) => {
  const event = parseWalletWebhook(req.body⟦ as unknown⟧);
  if ('error' in event) {
    console.warn(`[wallet webhook] rejected: ${event.error}`);
    res.status(400).json({ error: event.error });
    return;
  }
  // An older PENDING that came late must not undo a SUCCESS or FAILED: acknowledged, never processed.
  if (!isFinal(event)) {
    console.log(`[wallet webhook] ${event.message} ${event.type} ${event.data.transactionReference}: not a final status, acknowledged`);
    res.status(200).json({ received: true });
    return;
  }
  if (!canRequery()) {
    console.warn(`[wallet webhook] ${event.type} ${event.data.transactionReference} not kept, answered 503: ${NOT_CONFIGURED}`);
    res.status(503).json({ error: 'not set up to requery events: not kept, send it again later' });
    return;
  }
  // Kept first, then answered at once (the sender waits only a few seconds); processed after the answer.
  if (keep(event)) {
    res.status(200).json({ received: true });
    return;
  }
  console.log(`[wallet webhook] duplicate ${event.type} ${event.data.transactionReference}: already kept, acknowledged again`);
  res.status(200).json({ received: true, duplicate: true });
});

// A body that is not JSON: 400 (express.json's own error), not 500, so the sender stops retrying it.
walletWebhooks.use('/webhooks/wallet', (error⟦: unknown⟧, _req⟦: Request⟧, res⟦: Response⟧, next⟦: (error?: unknown) => void⟧) => {
  if (error instanceof SyntaxError) {
    console.warn('[wallet webhook] rejected: the body is not JSON');
    res.status(400).json({ error: 'the body is not JSON' });
    return;
  }
  next(error);
});
