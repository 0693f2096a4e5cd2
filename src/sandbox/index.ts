// The sandbox's public face: what the tests, the CLI and the extension use; the rest stays inside.

export type {
  Fault,
  SandboxKnobs,
  PublicWebhookEvent,
  Sandbox,
  SandboxChange,
  SandboxOptions,
  SandboxRole,
  SandboxServer,
  ScenarioExport,
  TransactionRecord,
  WebhookAttempt,
} from './types';
export { StateFileInUse } from './sharing/ownerLock';
export type { OwnerRecord } from './sharing/ownerLock';
export { openSharedSandbox, SharedSandbox } from './client/shared';
export { localClient, SandboxClient } from './client/sandboxClient';
export type { ClockAdvanced, SandboxWorld } from './client/sandboxWorld';
export type { Requests } from './client/requests';
export type { Webhooks, WebhookFilter } from './client/webhooks';
export type { SharedSandboxOptions } from './client/shared';
export type { SandboxExchange } from './http/exchange';
export { BANKS } from './domain/banks';
// The reference data the editor imports on its own (limits, magic values, findings, the OpenAPI document).
export * from './reference';
export { isValidAccountNumber, makeValidAccountNumber } from './domain/nuban';
export { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_ENTRIES, MAX_JOURNAL_ENTRIES, RequestJournal } from './requests/journal';
export type { JournalChange, JournalLimits, JournalReader, WaitOptions } from './requests/journal';
export { describeFilter, matches, requestHeader } from './requests/filter';
export type { RequestFilter } from './requests/filter';
export { startSandbox } from './owner/start';
// Check My Webhook Handler: the engine the CLI's check-webhook and the editor's command run.
export { checkWebhookHandler, type WebhookCheckOptions } from './webhookCheck/checkWebhook';
export { reportLines, type WebhookCheckCase, type WebhookCheckCaseName, type WebhookCheckReport } from './webhookCheck/report';
export type { CheckCredentials } from './webhookCheck/walletCalls';
