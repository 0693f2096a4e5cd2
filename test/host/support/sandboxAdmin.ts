/** The sandbox's admin endpoints, as an outside test would use them. */
export class SandboxAdmin {
  constructor(private readonly url: string) {}

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
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

  async requests(): Promise<{ method: string; path: string; status: number }[]> {
    const body = (await this.call('GET', '/__sandbox/requests')) as { data?: { requests?: unknown } } | unknown[];
    const list = Array.isArray(body) ? body : (body as { data?: { requests?: unknown } }).data?.requests;
    return list as { method: string; path: string; status: number }[];
  }

  async count(path: string, method?: string): Promise<number> {
    return (await this.requests()).filter((request) => request.path === path && (!method || request.method === method)).length;
  }
}
