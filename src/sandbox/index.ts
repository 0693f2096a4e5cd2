// The sandbox's public face: what the tests, the CLI and the extension use; the rest stays inside.

export type {
  Fault,
  PublicWebhookEvent,
  Sandbox,
  SandboxChange,
  SandboxClient,
  SandboxOptions,
  SandboxRole,
  SandboxServer,
  TransactionRecord,
  WebhookAttempt,
} from './types';
export { StateFileInUse } from './sharing/ownerLock';
export type { OwnerRecord } from './sharing/ownerLock';
export { openSharedSandbox, SharedSandbox } from './sharing/shared';
export type { SharedSandboxOptions } from './sharing/shared';
export { localClient } from './sharing/localClient';
export type { SandboxExchange } from './http/exchange';
export { BANKS } from './domain/banks';
export { isValidAccountNumber, makeValidAccountNumber } from './domain/nuban';
export { startSandbox } from './start';
