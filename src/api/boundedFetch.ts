// The fetch ofetch calls: the platform's fetch, with the answer read whole and size-checked
// before it returns. Reading it here keeps the body inside ofetch's per-attempt `timeout`
// (ofetch stops its timer as soon as fetch resolves), and counting the bytes as they arrive
// bounds an answer whose length header is missing or wrong (or that inflates when decoded).

/** Larger answers are refused: the API's biggest (100 transactions) is far below this. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** What the transport hands ofetch: fetch's init, plus the caller's own signal. */
export interface BoundedInit extends RequestInit {
  /** Joined to ofetch's per-attempt timeout signal, which ofetch only arms when no `signal` is given. */
  callerSignal?: AbortSignal;
}

// Statuses whose Response may not carry a body, not even an empty one.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export async function boundedFetch(input: RequestInfo | URL, init: BoundedInit = {}): Promise<Response> {
  const { callerSignal, ...rest } = init;
  const signal = callerSignal && rest.signal ? AbortSignal.any([rest.signal, callerSignal]) : (rest.signal ?? callerSignal);
  const response = await fetch(input, { ...rest, signal });
  const text = await readText(response);
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
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
