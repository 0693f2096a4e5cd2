// Every error the sandbox answers with. Codes are strings, like the one the real service showed
// ('10003'): 1xxxx wallet auth, 2xxxx developer accounts, 3xxxx queries, 4xxxx HTTP plumbing,
// 5xxxx money movement, 9xxxx sandbox itself. docs/sandbox.md lists them; keep the two in step.

export const ErrorCode = {
  invalidInput: '10000',
  badAppKey: '10001',
  badWalletToken: '10002',
  userNotFound: '10003',
  wrongPasscode: '10004',
  walletTokenExpired: '10005',
  passcodeExpired: '10006',
  badRefreshToken: '10007',
  emailTaken: '20001',
  badCredentials: '20002',
  badAuthToken: '20003',
  developerAppNotFound: '20004',
  transactionNotFound: '30001',
  accountNotResolved: '30002',
  bvnNotFound: '30003',
  malformedJson: '40000',
  forbiddenHost: '40003',
  insufficientFunds: '50001',
  invalidAmount: '50002',
  unknownBank: '50003',
  nameMismatch: '50004',
  invalidProvider: '50005',
  selfTransfer: '50006',
  airtimeRecipient: '50007',
  transferFailed: '50008',
  providerError: '50009',
  badOutcomeHeader: '50010',
  invalidCallbackUrl: '50011',
  balanceLimit: '50012',
  eventNotFound: '90001',
  noCallbackUrl: '90002',
  appNotFound: '90003',
  namespaceNotFound: '90004',
  waitTimedOut: '90005',
  cannotSave: '90006',
  namespaceByKey: '90007',
  limitReached: '90008',
  advanceTaskLimit: '90009',
  expectationFailed: '90010',
  adminToken: '90011',
  notFound: '40004',
  methodNotAllowed: '40005',
  payloadTooLarge: '40013',
  unsupportedMediaType: '40015',
  injectedFault: '90000',
  internal: '99999',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * What each kind of error the package throws says in `code`: stable across versions, so a test
 * or a CI script can branch on it (the package README's table lists them).
 */
export type SandboxErrorCode =
  | 'ERR_SANDBOX_REFUSED'
  | 'ERR_SANDBOX_INPUT'
  | 'ERR_SANDBOX_LIMIT'
  | 'ERR_SANDBOX_TIMEOUT'
  | 'ERR_SANDBOX_EXPECTATION'
  | 'ERR_SANDBOX_SCENARIO'
  | 'ERR_SANDBOX_STATE_FILE_IN_USE'
  | 'ERR_SANDBOX_PORT_IN_USE';

/**
 * Thrown by handlers, and by the Node controls (the package's SandboxError): the server turns it
 * into the error envelope, so a refusal carries the same status and code on either side.
 */
export class ApiError extends Error {
  /** `'SandboxError'`, or the subclass's own name. */
  override name = 'SandboxError';
  /** Stable across versions: `'ERR_SANDBOX_REFUSED'` here, each subclass its own (the package README lists them). */
  readonly code: SandboxErrorCode = 'ERR_SANDBOX_REFUSED';

  constructor(
    /** The HTTP status the admin API answers with (400 bad input, 404 nothing has that mobile or id, …). */
    readonly status: number,
    /** The envelope's errorCode ('10000' bad input, '10003' no such wallet, …; docs/sandbox.md lists them). */
    readonly errorCode: ErrorCodeValue,
    message: string,
    /** Headers the answer carries (Retry-After, Allow). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** What the error envelope carries beside `error` and `errorCode` (a wait's near misses); undefined for none. */
  get details(): Record<string, unknown> | undefined {
    return undefined;
  }
}

/** A refused input: a value of the wrong form (400, errorCode 10000); the message names the field and the form it takes. */
export class SandboxInputError extends ApiError {
  override name = 'SandboxInputError';
  override readonly code = 'ERR_SANDBOX_INPUT';
}

/** One of the documented limits was reached (errorCode 90008); the message says which and how to make room. */
export class SandboxLimitError extends ApiError {
  override name = 'SandboxLimitError';
  override readonly code = 'ERR_SANDBOX_LIMIT';
}

/**
 * The port asked for is taken (Node's EADDRINUSE, kept as `cause`): startSandbox and the CLI throw
 * it. Not a refusal of the API, so no HTTP status: it extends Error, as StateFileInUseError does.
 */
export class SandboxPortInUseError extends Error {
  /** Always `'SandboxPortInUseError'`. */
  override name = 'SandboxPortInUseError';
  /** Stable across versions (the package README's table of errors). */
  readonly code = 'ERR_SANDBOX_PORT_IN_USE';

  constructor(
    /** The host it tried to listen on. */
    readonly host: string,
    /** The port that is taken (the last one tried, when it tried several). */
    readonly port: number,
    options?: { cause?: unknown },
  ) {
    super(
      `Port ${port} on ${host} is already in use (another sandbox or server listens there); pick another port, or 0 for a free one`,
      options,
    );
  }
}

/** An entry a wait saw that came close, and why it did not match. */
export interface NearMiss {
  /** The journal entry's id, or the webhook event's. */
  id: number | string;
  /** What it was, in one line: `#4 POST /v1/users/transfers/bank → 400`. */
  seen: string;
  /** Each way it differs from what was awaited: `status 400, not 200`. */
  why: string[];
}

/** The near misses as lines of a message: `\n  #4 POST … → 400: status 400, not 200`. */
export function nearMissLines(nearMisses: readonly NearMiss[]): string {
  return nearMisses.map((miss) => `\n  ${miss.seen}: ${miss.why.join('; ')}`).join('');
}

/** A wait ran out of time (408, errorCode 90005 over HTTP); `what` says what was awaited, `nearMisses` what came closest. */
export class SandboxTimeoutError extends ApiError {
  override name = 'SandboxTimeoutError';
  override readonly code = 'ERR_SANDBOX_TIMEOUT';

  constructor(
    /** What was awaited, e.g. `request matching POST /v1/users/transfers/bank`. */
    readonly what: string,
    /** How long it was awaited. */
    readonly timeoutMs: number,
    detail = '',
    /** Up to 3 entries that came closest, each with why it did not match (closest first). */
    readonly nearMisses: readonly NearMiss[] = [],
  ) {
    super(
      408,
      ErrorCode.waitTimedOut,
      `No ${what} came within ${timeoutMs} ms${detail}` + (nearMisses.length > 0 ? `. Closest:${nearMissLines(nearMisses)}` : ''),
    );
  }

  override get details(): Record<string, unknown> {
    return { waitedFor: this.what, timeoutMs: this.timeoutMs, nearMisses: this.nearMisses };
  }
}

/** `requests.expectCount` found another number of requests (409, errorCode 90010); the message lists what did arrive. */
export class SandboxExpectationError extends ApiError {
  override name = 'SandboxExpectationError';
  override readonly code = 'ERR_SANDBOX_EXPECTATION';

  constructor(
    /** What was counted, e.g. `requests matching POST /v1/users/transfers/bank`. */
    readonly what: string,
    /** How many were expected. */
    readonly expected: number,
    /** How many there were. */
    readonly actual: number,
    /** The ones that did arrive, one line each (`#4 POST /v1/users/transfers/bank → 200`). */
    readonly arrived: readonly string[],
    /** When fewer came: up to 3 that came closest, each with why it did not match. */
    readonly nearMisses: readonly NearMiss[] = [],
  ) {
    super(409, ErrorCode.expectationFailed, expectationMessage(what, expected, actual, arrived, nearMisses));
  }

  override get details(): Record<string, unknown> {
    return { what: this.what, expected: this.expected, actual: this.actual, arrived: this.arrived, nearMisses: this.nearMisses };
  }
}

function expectationMessage(
  what: string,
  expected: number,
  actual: number,
  arrived: readonly string[],
  misses: readonly NearMiss[],
): string {
  const lines = arrived.map((line) => `\n  ${line}`).join('');
  const came = actual === 0 ? 'none came' : `${actual} came:${lines}`;
  return `Expected ${expected} ${what}, ${came}` + (misses.length > 0 ? `\nClosest that did not match:${nearMissLines(misses)}` : '');
}

export const invalid = (message: string): SandboxInputError => new SandboxInputError(400, ErrorCode.invalidInput, message);

/**
 * One of the sandbox's documented limits (docs/sandbox.md, "Limits"): `message` says which and how
 * to raise it or make room. 409 when something is full (namespaces, faults), 400 when one call
 * asks for too much at once.
 */
export const limitReached = (status: 400 | 409, message: string): SandboxLimitError =>
  new SandboxLimitError(status, ErrorCode.limitReached, message);

export const userNotFound = (): ApiError => new ApiError(404, ErrorCode.userNotFound, 'This user does not exist');

export const accountNotResolved = (): ApiError =>
  new ApiError(404, ErrorCode.accountNotResolved, 'Could not resolve account name. Check the account number and bank.');

/** The world cannot be saved: money does not move until a save succeeds (persistence/stateWriter.ts). */
export const cannotSave = (file: string, reason: string): ApiError =>
  new ApiError(503, ErrorCode.cannotSave, `the sandbox cannot save ${file}: ${reason}`);

/**
 * The error an admin API answer stands for, of the class a caller in this process gets for the
 * same call: what a client over HTTP throws (`error` is the envelope's message, kept as sent).
 */
export function errorOfAnswer(status: number, envelope: { error?: unknown; errorCode?: unknown; details?: unknown }): ApiError {
  const message = typeof envelope.error === 'string' ? envelope.error : `The sandbox answered ${status}`;
  const code = (typeof envelope.errorCode === 'string' ? envelope.errorCode : ErrorCode.internal) as ErrorCodeValue;
  const details = (typeof envelope.details === 'object' && envelope.details !== null ? envelope.details : {}) as Record<string, unknown>;
  const misses = Array.isArray(details['nearMisses']) ? (details['nearMisses'] as NearMiss[]) : [];
  let error: ApiError;
  if (code === ErrorCode.invalidInput) error = new SandboxInputError(status, code, message);
  else if (code === ErrorCode.limitReached) error = new SandboxLimitError(status, code, message);
  else if (code === ErrorCode.waitTimedOut) {
    error = new SandboxTimeoutError(String(details['waitedFor'] ?? 'answer'), Number(details['timeoutMs'] ?? 0), '', misses);
  } else if (code === ErrorCode.expectationFailed) {
    const arrived = Array.isArray(details['arrived']) ? (details['arrived'] as string[]) : [];
    const what = String(details['what'] ?? 'requests');
    error = new SandboxExpectationError(what, Number(details['expected']), Number(details['actual']), arrived, misses);
  } else error = new ApiError(status, code, message);
  error.message = message;
  return error;
}

// A bad scenario's error: here, not with the loader (scenario/parse.ts), so the package's types need no valibot.

/** A scenario that cannot be used; `path` is the JSON path at fault ('' for the whole file). */
export class ScenarioError extends Error {
  /** Always `'ScenarioError'`. */
  override readonly name = 'ScenarioError';
  /** Stable across versions (the package README's table of errors). */
  readonly code = 'ERR_SANDBOX_SCENARIO';

  constructor(
    /** The JSON path at fault, e.g. `wallets[2].balance` ('' for the whole file). */
    readonly path: string,
    /** What is wrong there, e.g. `must be an integer number of kobo`. */
    readonly problem: string,
    /** The scenario file's path, when it came from a file. */
    readonly file?: string,
  ) {
    super(`${file ? `${file}: ` : ''}${path ? `${path}: ` : ''}${problem}`);
  }
}
