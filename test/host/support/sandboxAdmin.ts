import { waitFor } from './waitFor';

/** The sandbox's admin endpoints, as an outside test would use them. */
export class SandboxAdmin {
  constructor(private readonly url: string) {}

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  }

  /** Moves the sandbox's virtual clock on (token expiry, settlements and webhook retries read it). */
  advanceClock(seconds: number): Promise<unknown> {
    return this.call('POST', '/__sandbox/clock/advance', { seconds });
  }

  setKnobs(knobs: { tokenLifetimeSeconds?: number; latencyMs?: number }): Promise<unknown> {
    return this.call('PATCH', '/__sandbox/knobs', knobs);
  }

  addFault(fault: Record<string, unknown>): Promise<unknown> {
    return this.call('POST', '/__sandbox/faults', fault);
  }

  clearFaults(): Promise<unknown> {
    return this.call('DELETE', '/__sandbox/faults');
  }

  revoke(mobile: string): Promise<unknown> {
    return this.call('POST', `/__sandbox/revoke?mobile=${encodeURIComponent(mobile)}`);
  }

  addTransaction(mobile: string, transaction: Record<string, unknown>): Promise<unknown> {
    return this.call('POST', `/__sandbox/transactions?mobile=${encodeURIComponent(mobile)}`, transaction);
  }

  setBalance(mobile: string, kobo: number): Promise<unknown> {
    return this.call('POST', `/__sandbox/balance?mobile=${encodeURIComponent(mobile)}`, { balance: kobo });
  }

  async clearRequests(): Promise<void> {
    await this.call('DELETE', '/__sandbox/requests');
  }

  /** The latest passcode the sandbox sent to this mobile. */
  async passcode(mobile: string): Promise<string> {
    const body = (await this.call('GET', `/__sandbox/passcode?mobile=${encodeURIComponent(mobile)}`)) as { data?: { passcode?: string } };
    return String(body.data?.passcode ?? '');
  }

  async knobs(): Promise<{ tokenLifetimeSeconds: number; latencyMs: number; faults: unknown[] }> {
    const body = (await this.call('GET', '/__sandbox/knobs')) as {
      data: { knobs: { tokenLifetimeSeconds: number; latencyMs: number; faults: unknown[] } };
    };
    return body.data.knobs;
  }

  /**
   * Counts requests at `path` (and method), once the log has reached `atLeast` (a request the
   * client gave up on is logged when the server sees its socket close) and has logged a marker
   * request sent after it, so a request logged late (one too many) is counted too.
   */
  async settledCount(path: string, method: string | undefined, atLeast: number): Promise<number> {
    let count = 0;
    await waitFor(
      () => `${atLeast} ${method ?? ''} ${path} request(s) in the sandbox's log (${count} so far)`,
      async () => (count = await this.count(path, method)) >= atLeast,
    );
    await this.caughtUp();
    return this.count(path, method);
  }

  /**
   * Sends a marker request and waits until the log has it: whatever reached the sandbox before
   * (a request, the close of a socket the client gave up on) is logged by then.
   */
  async caughtUp(): Promise<void> {
    const marker = `/v1/host-test-marker-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    await fetch(`${this.url}${marker}`).then((response) => response.arrayBuffer());
    await waitFor(`the marker ${marker} in the sandbox's log`, async () =>
      (await this.requests()).some((request) => request.path === marker),
    );
  }

  /** The sandbox's request journal, oldest first (ids ascend; the oldest go past its count): every page of it. */
  async requests(): Promise<{ id: number; method: string; path: string; status: number }[]> {
    type Page = { data: { requests: { id: number; method: string; path: string; status: number }[]; nextBefore?: number } };
    const pages: Page['data']['requests'][] = [];
    let before: number | undefined;
    do {
      const { data } = (await this.call(
        'GET',
        `/__sandbox/requests?limit=10000${before === undefined ? '' : `&before=${before}`}`,
      )) as Page;
      pages.unshift(data.requests);
      before = data.nextBefore;
    } while (before !== undefined);
    return pages.flat();
  }

  async count(path: string, method?: string): Promise<number> {
    return (await this.requests()).filter((request) => request.path === path && (!method || request.method === method)).length;
  }
}
