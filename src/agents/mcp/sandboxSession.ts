// The MCP server's wallet calls go through the API client to the sandbox it uses, as any app's
// would: one developer and app made for this process, and a wallet session per mobile from a
// one-time passcode read from the sandbox's admin API. Nothing of it is shown or written out.
// The sandbox is the one this process serves, or the one a VS Code window serves on the same
// state file; after a takeover it may be reached at another address.

import { randomBytes } from 'node:crypto';
import { isAuthError, WalletClient, type Bank, type WalletCredentials } from '../../api';
import type { SandboxClient } from '../../sandbox';
import type { RecentRequest, RecentRequests, ToolContext } from '../tools/context';

/** The sandbox's demo wallet: the one used when a tool names none. */
export const DEMO_WALLET = '2348000000000';
/** The most requests the recent-requests tool shows. */
const MAX_RECENT = 100;

const WHO = { window: 'a VS Code window', mcp: 'another MCP server', cli: 'npm run sandbox', program: 'another program' } as const;

export class SandboxSession {
  private api: { url: string; client: WalletClient } | undefined;
  private appKey: Promise<string> | undefined;
  private readonly wallets = new Map<string, Promise<WalletCredentials>>();

  constructor(private readonly sandbox: () => SandboxClient) {}

  /** The API client for the sandbox's address now. */
  private client(): WalletClient {
    const { url } = this.sandbox();
    if (this.api?.url !== url) this.api = { url, client: new WalletClient({ consoleUrl: url, developerUrl: url, retries: 0 }) };
    return this.api.client;
  }

  /** A developer and app for this process only, made on first use. */
  private key(): Promise<string> {
    this.appKey ??= (async () => {
      const credentials = {
        email: `mcp-${randomBytes(6).toString('hex')}@sandbox.invalid`,
        password: randomBytes(18).toString('base64url'),
      };
      await this.client().signUp(credentials);
      const { token } = await this.client().authenticateResource(credentials);
      const app = await this.client().createApp(token, 'MCP agent');
      return app.sandboxKey;
    })().catch((error: unknown) => {
      this.appKey = undefined;
      throw error;
    });
    return this.appKey;
  }

  private login(mobile: string): Promise<WalletCredentials> {
    let session = this.wallets.get(mobile);
    if (!session) {
      session = (async () => {
        const appKey = await this.key();
        await this.client().sendOtp(appKey, mobile);
        const passcode = await this.sandbox().passcode(mobile);
        if (!passcode) throw new Error(`The sandbox sent no passcode to ${mobile}.`);
        const tokens = await this.client().verifyOtp(appKey, mobile, passcode);
        return { appKey, accessToken: tokens.accessToken };
      })();
      this.wallets.set(mobile, session);
      session.catch(() => this.wallets.delete(mobile));
    }
    return session;
  }

  /** Runs a wallet call; an expired session is renewed once with a new passcode. */
  async withWallet<T>(work: (client: WalletClient, credentials: WalletCredentials) => Promise<T>, mobile = DEMO_WALLET): Promise<T> {
    try {
      return await work(this.client(), await this.login(mobile));
    } catch (error) {
      if (!isAuthError(error)) throw error;
      this.wallets.delete(mobile);
      return work(this.client(), await this.login(mobile));
    }
  }

  async listBanks(): Promise<Bank[]> {
    return this.client().listBanks(await this.key());
  }
}

/** The sandbox's request journal, newest first (served here, or read from the process that serves it). */
export class SandboxRequestLog implements RecentRequests {
  constructor(private readonly sandbox: () => SandboxClient) {}

  async recent(limit: number): Promise<RecentRequest[]> {
    const entries = await this.sandbox().requests.newest(Math.min(limit, MAX_RECENT));
    return entries.map(({ at, method, path, status }) => ({ at, method, path, status }));
  }
}

/** In words: where the tools' answers come from. */
export function sandboxLabel(client: SandboxClient): string {
  return client.server.here
    ? `the standalone sandbox at ${client.url}`
    : `the sandbox at ${client.url} that ${WHO[client.server.role]} (pid ${client.server.pid}) serves on the same state file`;
}

/** The tools' context, and what to do before each call (nothing today: the journal is always current). */
export function sandboxToolContext(
  sandbox: () => SandboxClient,
  ready: () => Promise<unknown> = () => Promise.resolve(),
): { ctx: ToolContext; before(tool: string): Promise<void> } {
  const session = new SandboxSession(sandbox);
  const requests = new SandboxRequestLog(sandbox);
  const ctx: ToolContext = {
    environment: () => ({ label: sandboxLabel(sandbox()), local: true, live: false }),
    withWallet: (work, mobile) => session.withWallet(work, mobile),
    defaultWallet: () => DEMO_WALLET,
    listBanks: () => session.listBanks(),
    recentRequests: requests,
    sandbox: () => Promise.resolve(sandbox()),
  };
  // Each tool call is the "next call" of a process sharing the state file: its server gone, it opens the file first.
  return { ctx, before: async () => void (await ready()) };
}
