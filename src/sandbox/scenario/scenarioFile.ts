// The scenario format as plain TypeScript, for the package's type declarations: its users get
// the types without valibot. format.ts (SCENARIO_TYPES_AGREE) fails to compile when the two drift apart.

import type { FindingRule } from '../findings/finding';

type Mobile = string;
type BankCode = string;

/** The world a sandbox starts in (docs/scenarios.md). Every field is optional; amounts are integer kobo. */
export interface ScenarioFile {
  $schema?: string;
  /** Notes for the reader (JSON has no comments); the sandbox ignores them. */
  $comment?: string | string[];
  /** The same seed gives the same names, accounts and histories. */
  seed?: number;
  clock?: {
    /** ISO 8601 with a zone: the virtual clock's time when the world starts. */ start?: string;
    /** true: the virtual clock moves only when advanced, never with real time. */ frozen?: boolean;
  };
  tokenLifetimeSeconds?: number;
  latencyMs?: number;
  faults?: ScenarioFault[];
  developers?: {
    email: string;
    password: string;
    /** Its own sandbox wallet; by default picked from the e-mail. */ sandboxMobile?: Mobile;
    apps?: ScenarioApp[];
  }[];
  wallets?: ScenarioWallet[];
  /** Accounts outside the sandbox's wallets: the name verification answers and what a transfer does. */
  bankAccounts?: {
    bankCode: BankCode;
    accountNumber: string;
    accountName: string;
    outcome?: 'normal' | 'instant' | 'held' | 'fails' | 'unresolved';
  }[];
  /** The integration review (docs/integration-review.md): rules not to report. */
  findings?: { ignore?: FindingRule[] };
}

export interface ScenarioApp {
  name: string;
  key?: string;
  /** The X-App-Key a test hard-codes. */
  sandboxKey?: string;
  callbackURL?: string;
  wallets?: Mobile[];
}

export interface ScenarioWallet {
  mobile: Mobile;
  name?: string;
  /** Every sign-in of the wallet gets this 6-digit passcode. */
  passcode?: string;
  /** Kobo. */
  balance?: number;
  /** A number: that many generated; a list: exactly these. */
  transactions?:
    | number
    | {
        type: 'bank' | 'phone' | 'bills' | 'bvn' | 'vtu';
        amount: number;
        reference?: string;
        createdAt?: string;
        updatedAt?: string;
        recipient?:
          | { bankCode: BankCode; accountNumber: string; accountName: string }
          | { mobile: Mobile; name?: string }
          | { /** A bill's, airtime's or BVN lookup's: billerName, billCustomerID, billType… */ metadata: Record<string, string> };
        direction?: 'debit' | 'credit';
        /** A bank transfer's: 000000 failed, 000001 success, 000002 pending. */
        statusCode?: '000000' | '000001' | '000002';
        reversalOf?: string;
      }[];
  /** A history made by a seed: `count` transactions over the 120 days before `until` (listed transactions come on top). */
  generatedHistory?: { count: number; seed: number; until: string };
  accounts?: { bankCode: BankCode; accountNumber: string; accountName?: string }[];
}

export interface ScenarioFault {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** before (the default): instead of the API's work; after: once the API has done its work (money moved), on what the app hears. */
  phase?: 'before' | 'after';
  status?: number;
  body?: string;
  contentType?: string;
  success2xxFalse?: boolean;
  drop?: boolean;
  delayMs?: number;
  retryAfterSeconds?: number;
  times?: number;
}
