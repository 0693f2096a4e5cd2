// One attempt on the wire, over the platform's fetch: redirects not followed, the answer read
// whole inside the attempt's time limit (so a body that stalls times out like headers that never
// come), and its bytes counted as they arrive, which bounds an answer whose length header is
// missing or wrong, or that inflates when decoded.

/** Larger answers are refused: the API's biggest (100 transactions) is far below this. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** An HTTP answer, read whole. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

/**
 * An AbortSignal that fires after `ms` (never when undefined) or when `outer` fires; `expired`
 * says it was the time. One per call (the deadline, over the caller's signal) and one per
 * attempt (its time limit, over the call's), so whichever ends first ends the attempt.
 */
export class TimeLimit {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOuterAbort = () => this.controller.abort(this.outer?.reason);
  expired = false;

  constructor(
    readonly ms: number | undefined,
    private readonly outer: AbortSignal | undefined,
  ) {
    if (outer?.aborted) this.controller.abort(outer.reason);
    else outer?.addEventListener('abort', this.onOuterAbort, { once: true });
    this.timer =
      ms === undefined
        ? undefined
        : setTimeout(() => {
            this.expired = true;
            this.controller.abort(new DOMException('The time limit passed.', 'TimeoutError'));
          }, ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}

/** Sends one request and reads its answer whole; rejects when no complete answer came. */
export async function fetchWhole(url: string, init: RequestInit, signal: AbortSignal): Promise<Answer> {
  // Redirects are not followed: keys and tokens go nowhere but the configured address.
  const response = await fetch(url, { ...init, redirect: 'manual', signal });
  const text = await readText(response);
  return { status: response.status, statusText: response.statusText, headers: response.headers, text };
}

async function readText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (throwing) cancels the stream, which drops the connection.
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  // Like fetch's text(): UTF-8, a byte-order mark dropped, bad bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

function tooLarge(): Error {
  return Object.assign(new Error(`The answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`), { code: 'ERR_BODY_TOO_LARGE' });
}
