import { WalletClient } from '../api';
import type { Logger } from '../common/logger';
import { EnvironmentSettings, type Endpoints, type EnvironmentId } from './environments';
import type { LocalSandbox } from './localSandbox';

/** One API client per environment, rebuilt only when its URLs or timeout change. */
export class ClientProvider {
  private readonly clients = new Map<EnvironmentId, { signature: string; client: WalletClient }>();

  constructor(
    private readonly settings: EnvironmentSettings,
    private readonly sandbox: LocalSandbox,
    private readonly logger: Logger,
  ) {}

  async endpoints(env: EnvironmentId): Promise<Endpoints> {
    if (env !== 'local') return this.settings.remoteEndpoints(env);
    const url = await this.sandbox.url();
    return { consoleUrl: url, developerUrl: url };
  }

  async client(env: EnvironmentId): Promise<WalletClient> {
    const endpoints = await this.endpoints(env);
    const timeoutMs = this.settings.requestTimeoutMs();
    const signature = `${endpoints.consoleUrl}|${endpoints.developerUrl}|${timeoutMs}`;
    const cached = this.clients.get(env);
    if (cached?.signature === signature) return cached.client;
    const client = new WalletClient({
      ...endpoints,
      // The setting bounds what the user waits for one action: each attempt and all of them together.
      timeoutMs,
      deadlineMs: timeoutMs,
      onRequest: (event) => {
        const outcome = event.status ?? event.error ?? 'no answer';
        const retry = event.attempt > 1 ? ` (attempt ${event.attempt})` : '';
        const query = event.query
          ? `?${new URLSearchParams(Object.entries(event.query).map(([name, value]) => [name, String(value)]))}`
          : '';
        this.logger.info(`[${env}] ${event.method} ${event.path}${query} → ${outcome} in ${Math.round(event.durationMs)} ms${retry}`);
      },
    });
    this.clients.set(env, { signature, client });
    return client;
  }
}
