import type { EnvironmentId } from './environments';

/** What is remembered per environment outside SecretStorage: names and ids, never secrets. */
export interface DeveloperInfo {
  id: string;
  email: string;
  sandboxMobile?: string;
}

export interface AppInfo {
  id: string;
  name: string;
  /** Created here through the API, or a key pasted in for an app made elsewhere. */
  origin: 'created' | 'added';
}

export type WalletStatus = 'connected' | 'disconnected';

export interface WalletInfo {
  id: string;
  mobile: string;
  status: WalletStatus;
}

export interface EnvironmentAccounts {
  developer?: DeveloperInfo;
  apps: AppInfo[];
  activeAppId?: string;
  wallets: WalletInfo[];
  activeWalletMobile?: string;
}

export function emptyAccounts(): EnvironmentAccounts {
  return { apps: [], wallets: [] };
}

/** Secrets, each stored under its own SecretStorage key. */
export interface DeveloperSecrets {
  loginToken: string;
  resourceToken: string;
}

export interface AppSecrets {
  /** Production application key (pk_live_…). */
  key?: string;
  /** Staging / sandbox application key (sk_test_…). */
  sandboxKey?: string;
}

export interface WalletSecrets {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token stops working. */
  expiresAt: number;
}

export const SECRET_PREFIX = 'walletConsole';

export const secretKeys = {
  developer: (env: EnvironmentId) => `${SECRET_PREFIX}.${env}.developer`,
  app: (env: EnvironmentId, appId: string) => `${SECRET_PREFIX}.${env}.app.${appId}`,
  wallet: (env: EnvironmentId, mobile: string) => `${SECRET_PREFIX}.${env}.wallet.${mobile}`,
};

export const stateKey = (env: EnvironmentId) => `walletConsole.accounts.${env}`;
