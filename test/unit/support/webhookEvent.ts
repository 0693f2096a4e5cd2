import type { PublicWebhookEvent } from '../../../src/sandbox';

/** A delivered bank-transfer event, changed by `overrides` and extra payload `data`. */
export function webhookEvent(overrides: Partial<PublicWebhookEvent> = {}, data: Record<string, unknown> = {}): PublicWebhookEvent {
  return {
    id: 'evt_0123456789abcdef01234567',
    type: 'BANK_TRANSFER',
    appId: 'app',
    url: 'http://127.0.0.1:3000/webhooks',
    createdAt: '2026-11-22T10:00:00.000Z',
    state: 'delivered',
    payload: {
      payload: {
        message: 'SUCCESS',
        type: 'BANK_TRANSFER',
        data: {
          accountName: 'SANDBOX INSTANT SUCCESS',
          transactionReference: '6b032c4a98870cc2513fa67a',
          amount: 150_050,
          accountNumber: '1000000001',
          statusCode: '000001',
          ...data,
        },
      },
    },
    nextAttemptAt: null,
    attempts: [{ number: 1, at: '2026-11-22T10:00:00.000Z', status: 200, durationMs: 4, excerpt: 'ok' }],
    ...overrides,
  };
}
