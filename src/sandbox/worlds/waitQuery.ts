import { ApiError, ErrorCode, invalid } from '../vocabulary/errors';
import type { WebhookFilter } from '../domain/webhookFilter';
import { queryInt, queryParam } from './requestFields';
import { SandboxTimeoutError } from '../vocabulary/wait';

// The admin API's waits (GET /__sandbox/requests?waitMs=…, GET /__sandbox/events?waitMs=…): a
// test in any language asks once and the answer comes when what it waits for is there, as the
// package's requests.waitFor and webhooks.waitFor do in Node.

/** The longest wait one request may ask for: a test runner's own time limit is usually shorter. */
export const MAX_WAIT_MS = 30_000;

/** `waitMs` of the query: undefined when not asked (the list is answered at once). */
export function waitMsOf(query: URLSearchParams): number | undefined {
  const raw = queryParam(query, 'waitMs');
  return raw === undefined || raw === '' ? undefined : queryInt(query, 'waitMs', 0, MAX_WAIT_MS, 0);
}

/**
 * Runs the wait; a wait that runs out, or that the sandbox's closing ends, answers 408 with the
 * error envelope, naming what did not come and (in `details.nearMisses`) what came closest.
 */
export async function answerAfter<T>(wait: Promise<T>, closing: AbortSignal): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    // A timeout is the 408 itself: its envelope's details carry what was awaited and the near misses.
    if (error instanceof SandboxTimeoutError) throw error;
    if (closing.aborted) throw new ApiError(408, ErrorCode.waitTimedOut, 'The sandbox closed while the request waited');
    throw error;
  }
}

const TYPES = ['BANK_TRANSFER', 'PHONE_TRANSFER'] as const;
const STATES = ['pending', 'delivered', 'retrying', 'failed', 'withheld'] as const;

/** GET /__sandbox/events?type=BANK_TRANSFER&reference=…&appId=…&delivered=true&state=retrying (each optional). */
export function webhookQuery(query: URLSearchParams): WebhookFilter {
  const filter: WebhookFilter = {};
  const type = queryParam(query, 'type');
  if (type) {
    if (!(TYPES as readonly string[]).includes(type)) throw invalid(`type must be one of ${TYPES.join(', ')}`);
    filter.type = type as WebhookFilter['type'] & string;
  }
  const reference = queryParam(query, 'reference');
  if (reference) filter.reference = reference;
  const appId = queryParam(query, 'appId');
  if (appId) filter.appId = appId;
  const delivered = queryParam(query, 'delivered');
  if (delivered) {
    if (delivered !== 'true' && delivered !== 'false') throw invalid('delivered must be true or false');
    filter.delivered = delivered === 'true';
  }
  const state = queryParam(query, 'state');
  if (state) {
    if (!(STATES as readonly string[]).includes(state)) throw invalid(`state must be one of ${STATES.join(', ')}`);
    filter.state = state as WebhookFilter['state'] & string;
  }
  return filter;
}
