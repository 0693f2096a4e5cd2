import { isAuthError, isRefusal, type WalletClient, type WalletCredentials } from '../api';
import type { Logger } from '../common/logger';
import type { AccountStore } from './accountStore';
import type { WalletSecrets } from './accountState';
import type { ClientProvider } from './clients';
import type { EnvironmentId } from './environments';

// No 'vscode' here: the refresh rules are unit-tested in plain Node with fakes of what is passed in.

/** Refresh this long before the access token runs out, so calls never race its expiry. */
const REFRESH_MARGIN_MS = 60_000;

export interface WalletCallContext {
  env: EnvironmentId;
  mobile: string;
  appKey: string;
}

/** What WalletAccess needs of the account service around it. */
export interface WalletAccessDeps {
  clients: Pick<ClientProvider, 'client'>;
  store: Pick<AccountStore, 'walletSecrets' | 'saveWalletTokens' | 'setWalletStatus'>;
  logger: Pick<Logger, 'info' | 'warn'>;
  /**
   * The app key calls of `env` use now, once a renewal under way has stored its new key (Get a New
   * Sandbox Key makes the old one stop working at once): a 401 for a key renewed meanwhile is no
   * sign of a dead session.
   */
  appKeyNow(env: EnvironmentId): Promise<string | undefined>;
  /** The refresh token was refused and the wallet is now marked disconnected. */
  /** `missing`: its tokens were not in SecretStorage; `refused`: the server refused the refresh. */
  onDisconnected(env: EnvironmentId, mobile: string, why: 'refused' | 'missing'): void;
  /** The error a call ends with when the wallet has no session; `alreadyShown` when onDisconnected told the user. */
  disconnectedError(mobile: string, alreadyShown: boolean): Error;
}

/**
 * Runs wallet calls with a fresh access token: refreshed before it expires, and on a 401
 * refreshed once and the call retried once. Concurrent callers share one refresh. When the
 * refresh itself is refused, the wallet is marked disconnected and `onDisconnected` fires once.
 */
export class WalletAccess {
  private readonly refreshing = new Map<string, Promise<WalletSecrets>>();

  constructor(private readonly deps: WalletAccessDeps) {}

  async call<T>(context: WalletCallContext, work: (client: WalletClient, credentials: WalletCredentials) => Promise<T>): Promise<T> {
    const client = await this.deps.clients.client(context.env);
    let tokens = await this.currentTokens(context);
    if (tokens.expiresAt - Date.now() < REFRESH_MARGIN_MS) tokens = await this.refresh(context, tokens);
    try {
      return await work(client, { appKey: context.appKey, accessToken: tokens.accessToken });
    } catch (error) {
      if (!isAuthError(error)) throw error;
      const renewed = await this.renewedKey(context);
      if (renewed) return this.call(renewed, work);
      // Another caller may have refreshed while this call was in flight: use its token.
      const latest = await this.currentTokens(context);
      const fresh = latest.accessToken !== tokens.accessToken ? latest : await this.refresh(context, latest);
      return work(client, { appKey: context.appKey, accessToken: fresh.accessToken });
    }
  }

  /** The context with the app's new key, when the key this call used was renewed meanwhile. */
  private async renewedKey(context: WalletCallContext): Promise<WalletCallContext | undefined> {
    const appKey = await this.deps.appKeyNow(context.env).catch(() => undefined);
    return appKey && appKey !== context.appKey ? { ...context, appKey } : undefined;
  }

  private async currentTokens(context: WalletCallContext): Promise<WalletSecrets> {
    const tokens = await this.deps.store.walletSecrets(context.env, context.mobile);
    if (!tokens) {
      // Listed as connected, but its tokens are gone: say so once and offer Connect, as for a refusal.
      this.deps.logger.warn(`[${context.env}] Wallet ${context.mobile} has no tokens in SecretStorage; marking it disconnected.`);
      await this.deps.store.setWalletStatus(context.env, context.mobile, 'disconnected');
      this.deps.onDisconnected(context.env, context.mobile, 'missing');
      throw this.deps.disconnectedError(context.mobile, true);
    }
    return tokens;
  }

  private refresh(context: WalletCallContext, stale: WalletSecrets): Promise<WalletSecrets> {
    const key = `${context.env}:${context.mobile}`;
    let pending = this.refreshing.get(key);
    if (!pending) {
      pending = this.doRefresh(context, stale).finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, pending);
    }
    return pending;
  }

  private async doRefresh(context: WalletCallContext, stale: WalletSecrets): Promise<WalletSecrets> {
    const client = await this.deps.clients.client(context.env);
    try {
      const refreshed = await client.refreshAccessToken(context.appKey, stale.refreshToken);
      const tokens: WalletSecrets = { ...stale, accessToken: refreshed.accessToken, expiresAt: Date.now() + refreshed.expiresIn * 1000 };
      await this.deps.store.saveWalletTokens(context.env, context.mobile, tokens);
      this.deps.logger.info(`[${context.env}] Refreshed the access token of wallet ${context.mobile}.`);
      return tokens;
    } catch (error) {
      // Only a refusal means the refresh token is dead (unless it came for an app key renewed
      // meanwhile); a network failure may pass.
      const renewed = isRefusal(error) ? await this.renewedKey(context) : undefined;
      if (renewed) return this.doRefresh(renewed, stale);
      if (isRefusal(error)) {
        this.deps.logger.warn(
          `[${context.env}] The refresh token of wallet ${context.mobile} was refused (${error.message}); marking it disconnected.`,
        );
        await this.deps.store.setWalletStatus(context.env, context.mobile, 'disconnected');
        this.deps.onDisconnected(context.env, context.mobile, 'refused');
        // The reconnect prompt is the one message; commands that hit this only log it.
        throw this.deps.disconnectedError(context.mobile, true);
      }
      throw error;
    }
  }
}
