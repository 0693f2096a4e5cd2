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
  adminToken: '90010',
  notFound: '40004',
  methodNotAllowed: '40005',
  payloadTooLarge: '40013',
  unsupportedMediaType: '40015',
  injectedFault: '90000',
  internal: '99999',
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Thrown by handlers, and by the Node controls (the package's SandboxError): the server turns it
 * into the error envelope, so a refusal carries the same status and code on either side.
 */
export class ApiError extends Error {
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
}

export const invalid = (message: string): ApiError => new ApiError(400, ErrorCode.invalidInput, message);

/**
 * One of the sandbox's documented limits (docs/sandbox.md, "Limits"): `message` says which and how
 * to raise it or make room. 409 when something is full (namespaces, faults), 400 when one call
 * asks for too much at once.
 */
export const limitReached = (status: 400 | 409, message: string): ApiError => new ApiError(status, ErrorCode.limitReached, message);

export const userNotFound = (): ApiError => new ApiError(404, ErrorCode.userNotFound, 'This user does not exist');

export const accountNotResolved = (): ApiError =>
  new ApiError(404, ErrorCode.accountNotResolved, 'Could not resolve account name. Check the account number and bank.');

/** The world cannot be saved: money does not move until a save succeeds (persistence/stateWriter.ts). */
export const cannotSave = (file: string, reason: string): ApiError =>
  new ApiError(503, ErrorCode.cannotSave, `the sandbox cannot save ${file}: ${reason}`);
