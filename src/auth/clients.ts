import { WalletClient, type TransportExchange } from '../api';
import type { Logger } from '../common/logger';
import { EnvironmentSettings, type Endpoints, type EnvironmentId } from './environments';

/**
 * Where the local sandbox answers, started if need be: handed in by the composition root, so
 * accounts need not know how the local sandbox is started (src/localSandbox).
 */
export interface LocalSandboxUrl {
  url(): Promise<string>;
}

/** What the clients tell the Requests view: who they are, and what they send to real servers. */
export interface ClientTraffic {
  /** Sent as User-Agent, so the sandbox's records say "this extension". */
  userAgent: string;
  /** Each attempt against staging or production (the sandbox records its own side). */
  onRemoteExchange(env: EnvironmentId, exchange: TransportExchange): void;
}

/** One API client per environment, rebuilt only when its URLs or timeout change. */
export class ClientProvider {
  private readonly clients = new Map<EnvironmentId, { signature: string; client: WalletClient }>();

  constructor(
    private readonly settings: EnvironmentSettings,
    private readonly sandbox: LocalSandboxUrl,
    private readonly logger: Logger,
    private readonly traffic?: ClientTraffic,
  ) {}

  async endpoints(env: EnvironmentId): Promise<Endpoints> {
    if (env !== 'local') return this.settings.remoteEndpoints(env);
    const url = await this.sandbox.url();
    return { consoleUrl: url, developerUrl: url };
  }

  /**
   * New keys for an app of the local sandbox (its admin API: the sandbox keeps only hashes, so the
   * old keys cannot be read back), or why there are none. Over HTTP, so it works whichever process
   * serves the sandbox.
   */
  async renewSandboxKeys(appId: string): Promise<{ key: string; sandboxKey: string } | { refused: string }> {
    const url = await this.sandbox.url();
    const response = await fetch(`${url}/__sandbox/apps/${encodeURIComponent(appId)}/keys`, { method: 'POST' });
    const answer = (await response.json().catch(() => undefined)) as
      { data?: { app?: { key?: unknown; sandboxKey?: unknown } }; error?: unknown } | undefined;
    const app = answer?.data?.app;
    if (!response.ok || typeof app?.key !== 'string' || typeof app.sandboxKey !== 'string') {
      return { refused: `${response.status}: ${String(answer?.error ?? 'no answer body')}` };
    }
    return { key: app.key, sandboxKey: app.sandboxKey };
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
      userAgent: this.traffic?.userAgent,
      onExchange: env === 'local' || !this.traffic ? undefined : (exchange) => this.traffic?.onRemoteExchange(env, exchange),
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
