// Check My Webhook Handler: the engine (plain Node), for the CLI's check-webhook and the editor.
export { checkWebhookHandler, type WebhookCheckOptions } from './checkWebhook';
export { reportLines, type WebhookCheckCase, type WebhookCheckCaseName, type WebhookCheckReport } from './report';
export { newCheckApp, type CheckCredentials } from './walletCalls';
