import { ApiError, ErrorCode } from '../vocabulary/errors';
import { SandboxTimeoutError } from '../vocabulary/wait';

// The admin API's waits (GET /__sandbox/requests?waitMs=…, GET /__sandbox/events?waitMs=…): a
// test in any language asks once and the answer comes when what it waits for is there, as the
// package's requests.waitFor and webhooks.waitFor do in Node. `waitMs` is a field of those
// routes' input schemas (worlds/requestQuery.ts, worlds/eventsPage.ts).

/** The longest wait one request may ask for: a test runner's own time limit is usually shorter. */
export const MAX_WAIT_MS = 30_000;

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
