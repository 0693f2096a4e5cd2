import { randomBytes } from 'node:crypto';
import { PERSONA_MOBILE, PERSONA_PASSCODE } from './magic';
import { Random } from './random';
import { RefreshRecord, secretHash } from './records';

export const PASSCODE_LIFETIME_MS = 10 * 60 * 1000;

export type OtpCheck = 'ok' | 'none' | 'expired' | 'wrong';

interface OtpRecord {
  mobile: string;
  passcode: string;
  expiresAt: number;
}

/**
 * How wallets sign in: one-time passcodes and access-token expiry (in memory only), refresh
 * tokens (saved with the state, by hash).
 */
export class WalletCredentials {
  private readonly otps = new Map<string, OtpRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  /** Set by expireAccessTokens; in memory only (tokens expire in a day anyway). */
  private readonly accessExpiry = new Map<string, number>();
  /** Passcodes a scenario fixes (in memory: the scenario file holds them, the state file does not). */
  private readonly fixed = new Map<string, string>();

  /** `changed` is called when something the state file keeps changed. */
  constructor(
    private readonly rng: Random,
    private readonly changed: () => void,
  ) {}

  /** The refresh tokens read from a state file. */
  restore(saved: RefreshRecord[]): void {
    for (const refresh of saved) {
      this.refreshTokens.set(refresh.tokenHash, refresh);
    }
  }

  /** The refresh tokens, for the state file. */
  savedRefreshTokens(): RefreshRecord[] {
    return [...this.refreshTokens.values()];
  }

  /** Every sign-in of the wallet gets this passcode (a scenario's), instead of a new random one. */
  fixPasscode(mobile: string, passcode: string): void {
    this.fixed.set(mobile, passcode);
  }

  /** Only the latest passcode for a mobile is valid. The old public sandbox's persona always gets 111111. */
  issuePasscode(mobile: string, nowMs: number): string {
    const passcode = this.fixed.get(mobile) ?? (mobile === PERSONA_MOBILE ? PERSONA_PASSCODE : this.rng.digits(6));
    // Passcodes live in memory only: they expire in minutes and are secrets.
    this.otps.set(mobile, { mobile, passcode, expiresAt: nowMs + PASSCODE_LIFETIME_MS });
    return passcode;
  }

  lastPasscode(mobile: string): string | undefined {
    return this.otps.get(mobile)?.passcode;
  }

  /** A correct passcode is used up, so replaying a verify call fails like it would for real. */
  checkPasscode(mobile: string, passcode: string, nowMs: number): OtpCheck {
    const otp = this.otps.get(mobile);
    if (!otp) {
      return 'none';
    }
    if (otp.passcode !== passcode) {
      return 'wrong';
    }
    if (nowMs >= otp.expiresAt) {
      return 'expired';
    }
    this.otps.delete(mobile);
    return 'ok';
  }

  issueRefreshToken(mobile: string, nowMs: number): string {
    const token = randomBytes(20).toString('hex');
    this.refreshTokens.set(secretHash(token), { tokenHash: secretHash(token), mobile, createdAt: nowMs });
    this.changed();
    return token;
  }

  refreshTokenMobile(token: string): string | undefined {
    return this.refreshTokens.get(secretHash(token))?.mobile;
  }

  /** Access tokens of the wallet issued at or before this second (`iat`) read as expired. */
  accessTokensExpiredThrough(mobile: string): number | undefined {
    return this.accessExpiry.get(mobile);
  }

  /**
   * Every access token issued so far to the wallet reads as expired from now on (refresh
   * tokens still work). Moves at least a second on each call, so a token renewed since the
   * last call (issued in the second after it) expires too.
   */
  expireAccessTokens(mobile: string, nowMs: number): void {
    const previous = this.accessExpiry.get(mobile);
    this.accessExpiry.set(mobile, Math.max(Math.floor(nowMs / 1000), previous === undefined ? 0 : previous + 1));
  }

  revokeRefreshTokens(mobile: string): number {
    let revoked = 0;
    for (const [tokenHash, record] of this.refreshTokens) {
      if (record.mobile === mobile) {
        this.refreshTokens.delete(tokenHash);
        revoked++;
      }
    }
    this.changed();
    return revoked;
  }
}
