import { createServer } from 'node:http';

/** References already handled: a redelivery must not act twice (keep these in your database). */
const handledTransfers = new Set⟦<string>⟧();

createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '⟨1:/webhooks/wallet⟩') return void res.writeHead(404).end();
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    let event⟦: { payload?: { type?: string; message?: string; data?: { transactionReference?: string; amount?: number } } }⟧;
    try {
      event = JSON.parse(raw);
    } catch {
      return void res.writeHead(400).end();
    }
    const { type, message, data } = event.payload ?? {};
    const reference = data?.transactionReference;
    if ((type !== 'BANK_TRANSFER' && type !== 'PHONE_TRANSFER') || !reference) return void res.writeHead(400).end();
    res.writeHead(200).end(); // answer at once; do the work after
    if (handledTransfers.has(reference)) return;
    handledTransfers.add(reference);
    console.log(`${type} ${reference}: ${message} (${data?.amount} kobo)`);
  });
}).listen(⟨2:3000⟩);
