import type { WalletClient } from '../api';
import type { AppInfo } from './accountState';
import type { AccountStore } from './accountStore';
import type { EnvironmentId } from './environments';

/** The contract's wallet login through one app: validate the mobile, send a passcode, verify it. */
export interface WalletLogin {
  /** The app whose key signs the login. */
  readonly app: AppInfo;
  /** Checks the wallet exists and sends it a passcode; `message` is the server's (it may hold a sandbox hint). */
  sendPasscode(mobile: string): Promise<{ userId: string; message: string }>;
  /** Sends a new passcode; answers with the server's message. */
  resendPasscode(mobile: string): Promise<string>;
  /** Verifies the passcode and keeps the wallet's tokens: the wallet is then connected and active. */
  verifyPasscode(wallet: { userId: string; mobile: string }, passcode: string): Promise<void>;
}

export function walletLogin(
  env: EnvironmentId,
  client: WalletClient,
  store: Pick<AccountStore, 'connectWallet'>,
  app: AppInfo,
  appKey: string,
): WalletLogin {
  return {
    app,
    async sendPasscode(mobile) {
      const user = await client.validateUser(appKey, mobile);
      const otp = await client.sendOtp(appKey, mobile);
      return { userId: user.id, message: otp.message };
    },
    async resendPasscode(mobile) {
      return (await client.sendOtp(appKey, mobile)).message;
    },
    async verifyPasscode(wallet, passcode) {
      const tokens = await client.verifyOtp(appKey, wallet.mobile, passcode);
      await store.connectWallet(
        env,
        { id: wallet.userId, mobile: wallet.mobile },
        { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: Date.now() + tokens.expiresIn * 1000 },
      );
    },
  };
}
