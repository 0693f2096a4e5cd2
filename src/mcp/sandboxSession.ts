// The MCP server's wallet calls go through the API client to the sandbox it runs beside, as
// any app's would: one developer and app made for this process, and a wallet session per
// mobile from a one-time passcode read in-process. Nothing of it is shown or written out.

import { randomBytes } from 'node:crypto';
import { isAuthError, WalletClient, type Bank, type WalletCredentials } from '../api';
import type { Sandbox } from '../sandbox';
import type { RecentRequests, ToolContext } from '../tools/context';

/** The sandbox's demo wallet: the one used when a tool names none. */
export const DEMO_WALLET = '2348000000000';

export class SandboxSession {
  private readonly client: WalletClient;
  private appKey: Promise<string> | undefined;
  private readonly wallets = new Map<string, Promise<WalletCredentials>>();

  constructor(private readonly sandbox: Sandbox) {
    this.client = new WalletClient({ consoleUrl: sandbox.url, developerUrl: sandbox.url, retries: 0 });
  }

  /** A developer and app for this process only, made on first use. */
  private key(): Promise<string> {
    this.appKey ??= (async () => {
      const credentials = {
        email: `mcp-${randomBytes(6).toString('hex')}@sandbox.invalid`,
        password: randomBytes(18).toString('base64url'),
      };
      await this.client.signUp(credentials);
      const { token } = await this.client.authenticateResource(credentials);
      const app = await this.client.createApp(token, 'MCP agent');
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
        await this.client.sendOtp(appKey, mobile);
        const passcode = this.sandbox.lastPasscode(mobile);
        if (!passcode) throw new Error(`The sandbox sent no passcode to ${mobile}.`);
        const tokens = await this.client.verifyOtp(appKey, mobile, passcode);
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
      return await work(this.client, await this.login(mobile));
    } catch (error) {
      if (!isAuthError(error)) throw error;
      this.wallets.delete(mobile);
      return work(this.client, await this.login(mobile));
    }
  }

  async listBanks(): Promise<Bank[]> {
    return this.client.listBanks(await this.key());
  }
}

/** The sandbox's own request log, newest first. */
function requestLog(sandbox: Sandbox): RecentRequests {
  return {
    recent: (limit) =>
      sandbox.requests
        .slice(-limit)
        .reverse()
        .map(({ at, method, path, status }) => ({ at, method, path, status })),
  };
}

export function sandboxToolContext(sandbox: Sandbox): ToolContext {
  const session = new SandboxSession(sandbox);
  return {
    environment: () => ({ label: `the standalone sandbox at ${sandbox.url}`, local: true, live: false }),
    withWallet: (work, mobile) => session.withWallet(work, mobile),
    defaultWallet: () => DEMO_WALLET,
    listBanks: () => session.listBanks(),
    recentRequests: requestLog(sandbox),
    sandbox: () => Promise.resolve(sandbox),
  };
}
