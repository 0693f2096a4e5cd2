import { hash, randomBytes } from 'node:crypto';
import { BankTransferRecord, WebhookEvent } from '../types';
import { WalletRecord } from './wallet';

// The state file's format: the records SandboxState saves (toJSON) and reads back (hydrate),
// and the check and upgrade of a file as it is read.

export interface DeveloperRecord {
  _id: string;
  deleted: boolean;
  lastLogin: string;
  email: string;
  createdAt: string;
  updatedAt: string;
  __v: number;
  sandboxMobile: string;
  passwordHash: string; // never leaves the sandbox; see publicDeveloper
}

/** The app as the API shows it once, on creation: with its keys. */
export interface IssuedApp {
  _id: string;
  name: string;
  key: string;
  sandboxKey: string;
  developerID: string;
  disabled: boolean;
  deleted: boolean;
  settings: { developerMode: string; callbackURL?: string };
  wallets: string[];
  createdAt: string;
  updatedAt: string;
  __v: number;
}

/**
 * The app as the sandbox keeps it: like a real server, only hashes of its keys, so the
 * state file (in the user's VS Code data folder) never holds a usable secret.
 */
export interface AppRecord extends Omit<IssuedApp, 'key' | 'sandboxKey'> {
  keyHash: string;
  sandboxKeyHash: string;
  /** When settings.callbackURL was last set: a test event goes to the most recent one. */
  callbackSetAt?: number;
}

/** A bank account a scenario declares: verify answers its name, a transfer to it follows its outcome. */
export interface DeclaredAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string;
  outcome: 'normal' | 'instant' | 'held' | 'fails' | 'unresolved';
}

export interface RefreshRecord {
  tokenHash: string;
  mobile: string;
  createdAt: number;
}

export interface PersistedState {
  version: 1;
  secret: string;
  rngState: number;
  seedBase: number;
  developers: DeveloperRecord[];
  apps: AppRecord[];
  wallets: WalletRecord[];
  refreshTokens: RefreshRecord[];
  transfers?: BankTransferRecord[];
  events?: WebhookEvent[];
  clockOffsetMs?: number;
  /** A frozen clock's time (epoch ms); absent while the clock runs with real time. */
  clockFrozenAtMs?: number;
  bankAccounts?: DeclaredAccount[];
  /** The last append-log line this checkpoint holds (appendLog.ts; `journal` on disk, as files have always said). */
  journal?: { writer: string; seq: number };
}

export function newAppKeys(): Pick<IssuedApp, 'key' | 'sandboxKey'> {
  return { key: `pk_live_${randomBytes(16).toString('hex')}`, sandboxKey: `sk_test_${randomBytes(16).toString('hex')}` };
}

/** Keys and refresh tokens are looked up by hash; they are long random strings, so no salt is needed. */
export function secretHash(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/**
 * The saved state, checked and brought up to date; throws when the data does not look like a
 * saved state (the caller treats that as corrupt).
 */
export function readPersisted(data: unknown): PersistedState {
  const saved = data as PersistedState;
  const arrays = [saved?.developers, saved?.apps, saved?.wallets, saved?.refreshTokens];
  if (
    typeof saved !== 'object' ||
    saved === null ||
    saved.version !== 1 ||
    typeof saved.secret !== 'string' ||
    !arrays.every(Array.isArray)
  ) {
    throw new Error('not a sandbox state file (version 1)');
  }
  for (const wallet of saved.wallets) {
    if (typeof wallet?.mobile !== 'string' || !Array.isArray(wallet.transactions) || !Array.isArray(wallet.accounts)) {
      throw new Error('a wallet in the state file is malformed');
    }
  }
  // Files written before keys and refresh tokens were hashed carry them in the clear: hash and drop them.
  const apps = saved.apps.map((entry) => {
    const { key, sandboxKey, ...app } = entry as AppRecord & { key?: string; sandboxKey?: string };
    return {
      ...app,
      keyHash: app.keyHash ?? secretHash(key ?? ''),
      sandboxKeyHash: app.sandboxKeyHash ?? secretHash(sandboxKey ?? ''),
    };
  });
  const refreshTokens = saved.refreshTokens.map((entry) => {
    const { token, ...refresh } = entry as RefreshRecord & { token?: string };
    return { ...refresh, tokenHash: refresh.tokenHash ?? secretHash(token ?? '') };
  });
  return { ...saved, apps, refreshTokens };
}
