import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { BankTransferRecord, WebhookEvent } from '../types';
import { WalletRecord } from './wallet';

// The state file's format: the records SandboxState saves (toJSON) and reads back (hydrate),
// the check and upgrade of a file as it is read, and how the secrets it keeps are hashed.

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

// Developer passwords are kept only as salted scrypt hashes, even in a sandbox state file.

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, 32, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt:${salt.toString('hex')}:${(await derive(password, salt)).toString('hex')}`;
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split(':');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) {
    return false;
  }
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await derive(password, Buffer.from(saltHex, 'hex'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// The starter world's developer (package/starter.ts). Its password is public (the README, the
// file `init` writes), so its salted hash is made once, here, rather than by scrypt at every start
// of a sandbox without a scenario (about 70 ms each).

export const DEMO_DEVELOPER_PASSWORD = 'wallet-sandbox';

/** DEMO_DEVELOPER_PASSWORD as hashPassword makes it; a unit test checks that it verifies. */
export const DEMO_DEVELOPER_PASSWORD_HASH =
  'scrypt:345d788adf7c5e21d4c3130ff696ee42:c78da37ad7338808107ab787ee4ecc10c2f0f568f3a69d7d2a4ff1125b2a53c7';
