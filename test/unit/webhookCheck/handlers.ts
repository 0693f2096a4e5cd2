import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Real webhook handlers on loopback for the check's tests: a careful one (answers first, then
// requeries and refuses what the API does not know) and careless ones, each failing some cases.

export interface HandlerBehaviour {
  /** Requery GET /v1/transactions/:reference: 'after' the answer, 'before' it (too slow when the API is), or never. */
  requery: 'after' | 'before' | 'never';
  /** What a body that is not JSON gets. */
  malformedStatus: number;
  /** What every well-formed event gets (a duplicate too). */
  eventStatus: number;
  /** 'reference': a reference seen before is answered as a duplicate, whatever its status, with no requery (a reversal is lost). */
  dedupe?: 'reference';
  /** What an event whose message is neither SUCCESS nor FAILED (an older PENDING) gets, if not eventStatus. */
  pendingStatus?: number;
}

export const CAREFUL: HandlerBehaviour = { requery: 'after', malformedStatus: 400, eventStatus: 200 };

export interface LocalHandler {
  url: string;
  /** The references the handler did its work for (a known transaction, once each). */
  processed: string[];
  close(): Promise<void>;
}

/** A handler requerying `sandboxUrl` with the app key and wallet token `credentials()` gives (read at each requery). */
export async function localHandler(
  behaviour: HandlerBehaviour,
  sandboxUrl: () => string,
  credentials: () => { appKey: string; accessToken: string },
): Promise<LocalHandler> {
  const processed: string[] = [];
  const seen = new Set<string>();
  const requery = async (reference: string): Promise<boolean> => {
    const { appKey, accessToken } = credentials();
    const answer = await fetch(`${sandboxUrl()}/v1/transactions/${reference}`, {
      headers: { 'X-App-Key': appKey, 'X-App-Wallet-Access-Token': accessToken },
    });
    await answer.body?.cancel();
    return answer.ok;
  };
  const work = async (reference: string): Promise<void> => {
    if (behaviour.requery === 'never' || ((await requery(reference)) && !processed.includes(reference))) processed.push(reference);
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let reference: string | undefined;
      let message: string | undefined;
      try {
        const { payload } = JSON.parse(text) as { payload: { message: string; data: { transactionReference: string } } };
        [reference, message] = [payload.data.transactionReference, payload.message];
      } catch {
        res.writeHead(behaviour.malformedStatus).end();
        return;
      }
      if (behaviour.pendingStatus !== undefined && message !== 'SUCCESS' && message !== 'FAILED') {
        res.writeHead(behaviour.pendingStatus).end();
        return;
      }
      if (behaviour.dedupe === 'reference') {
        if (seen.has(reference)) {
          res.writeHead(behaviour.eventStatus).end();
          return;
        }
        seen.add(reference);
      }
      if (behaviour.requery === 'before') {
        void work(reference).then(() => res.writeHead(behaviour.eventStatus).end());
        return;
      }
      res.writeHead(behaviour.eventStatus).end();
      void work(reference);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/wallet`;
  return { url, processed, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
