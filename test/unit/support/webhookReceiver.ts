import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';
import { within } from './eventually';

// A webhook receiver on loopback for the tests: a real node:http server that records each
// delivery and answers it by a script. One rig for every suite that points a callbackURL at it.

export interface Delivery {
  /** The request's path (and query), as the sandbox POSTed it. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON (undefined when it is not JSON): a test reads what it expects. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The status to answer a delivery with: `index` counts from 0 in the order they came. */
export type Answer = (delivery: Delivery, index: number) => number | Promise<number>;

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks */
  readonly url: string;
  readonly port: number;
  /** Every delivery so far, oldest first (recorded when its body has arrived, before the answer). */
  readonly deliveries: Delivery[];
  /** How many deliveries came. */
  readonly hits: number;
  /** Resolves once `count` deliveries have come; fails with a clear message past the safety bound. */
  delivered(count: number, safetyMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** `statuses` answered in turn, the last one from then on. */
export const inTurn =
  (statuses: readonly number[]): Answer =>
  (_delivery, index) =>
    statuses[Math.min(index, statuses.length - 1)] ?? 200;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A receiver answering `answer` (statuses in turn, the last from then on, or a function of the
 * delivery): a 2xx with "thanks", anything else with "receiver is down".
 */
export async function webhookReceiver(answer: readonly number[] | Answer = [200]): Promise<WebhookReceiver> {
  const answerOf = typeof answer === 'function' ? answer : inTurn(answer);
  const deliveries: Delivery[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const delivery: Delivery = { path: req.url ?? '', headers: req.headers, body: parsed(text) };
      deliveries.push(delivery);
      for (const wake of waiters.splice(0)) wake();
      // An answer script that throws (a requery that failed) answers 500, as a handler's crash would.
      const status = new Promise<number>((resolve) => resolve(answerOf(delivery, deliveries.length - 1))).catch(() => 500);
      void status.then((code) =>
        res.writeHead(code, { 'content-type': 'text/plain' }).end(code >= 200 && code < 300 ? 'thanks' : 'receiver is down'),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const arrived = (count: number): Promise<void> =>
    deliveries.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)).then(() => arrived(count));
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    deliveries,
    get hits() {
      return deliveries.length;
    },
    delivered: (count, safetyMs) =>
      within(arrived(count), () => `the receiver got ${deliveries.length} of the ${count} deliveries awaited`, safetyMs),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface OverlapReceiver extends WebhookReceiver {
  /** The most deliveries open at once (arrived, not yet answered). */
  readonly maxOpen: number;
}

/**
 * A receiver that proves deliveries overlap: it holds each one open until `together` are open at
 * once, then answers them all 200; one that waits `holdMs` without the others is answered 200
 * alone. Sent one after another, `maxOpen` stays 1 (and each waited `holdMs`, under the 5 s an
 * attempt may take); sent at once, it reaches `together`.
 */
export async function overlapReceiver(together: number, holdMs = 3_000): Promise<OverlapReceiver> {
  let open = 0;
  let maxOpen = 0;
  const waiting: (() => void)[] = [];
  const receiver = await webhookReceiver(async () => {
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    const released = new Promise<void>((resolve) => waiting.push(resolve));
    if (open >= together) for (const wake of waiting.splice(0)) wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([released, new Promise<void>((resolve) => (timer = setTimeout(resolve, holdMs)))]);
    clearTimeout(timer);
    open -= 1;
    return 200;
  });
  return Object.defineProperty(receiver, 'maxOpen', { get: () => maxOpen }) as OverlapReceiver;
}
