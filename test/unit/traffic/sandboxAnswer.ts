import type { SandboxExchange } from '../../../src/sandbox';

/** An answer of the in-process sandbox with `body`, as its observer hands it over (`more` replaces fields). */
export function sandboxAnswer(body: string, more: Partial<SandboxExchange> = {}): SandboxExchange {
  return {
    method: 'GET',
    path: '/v1/users/balance',
    query: '',
    admin: false,
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: Buffer.from(body),
    requestHeaders: ['Host', '127.0.0.1:4010'],
    userAgent: 'my-app/1.0',
    requestBody: Buffer.alloc(0),
    startedAt: Date.now(),
    durationMs: 1,
    ...more,
  };
}
