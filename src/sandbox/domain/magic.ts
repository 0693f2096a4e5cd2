// Magic values, like the test cards of card processors: inputs with a fixed, documented outcome,
// so an app can walk each path of its own code. docs/sandbox.md has the same table; GET
// /__sandbox/magic serves this one.

import { MAGIC_UNRESOLVED_BVN } from './bvn';

export interface MagicValue {
  value: string;
  bankCode?: string;
  outcome: string;
  description: string;
}

/** How long an ordinary bank transfer stays pending (virtual clock). */
export const SETTLE_AFTER_MS = 10_000;
/** How long a held transfer (magic account or `X-Sandbox-Outcome: pending`) stays pending. */
export const HELD_FOR_MS = 24 * 3600 * 1000;

export type BankPlan = 'instant' | 'normal' | 'held' | 'fails';

export const MAGIC_ACCOUNTS: Record<string, { plan: BankPlan | 'unresolved'; accountName?: string; description: string }> = {
  '1000000001': {
    plan: 'instant',
    accountName: 'SANDBOX INSTANT SUCCESS',
    description: 'Any bank code: the transfer answers 000001 (success) at once.',
  },
  '1000000002': {
    plan: 'held',
    accountName: 'SANDBOX HELD PENDING',
    description: 'Any bank code: stays 000002 (pending) until the clock passes 24 hours after the transfer, then succeeds.',
  },
  '1000000003': {
    plan: 'fails',
    accountName: 'SANDBOX FAILS REVERSES',
    description: 'Any bank code: answers 000002, then fails (000000) after 10 seconds; a reversal record returns the money.',
  },
  '1000000004': { plan: 'unresolved', description: 'Any bank code: does not resolve (404, errorCode 30002).' },
};

/** Amounts in kobo that force an outcome for transfers and airtime. */
export const MAGIC_AMOUNTS: Record<number, { outcome: 'insufficient-funds' | 'provider-error'; description: string }> = {
  40_200: { outcome: 'insufficient-funds', description: '₦402.00: refused as insufficient funds (400, 50001), whatever the balance.' },
  50_200: { outcome: 'provider-error', description: '₦502.00: the provider fails (502, 50009); no money moves.' },
};

export const AIRTIME_PROVIDERS = ['mtn', 'glo', 'airtel', 'etisalat'] as const;
export type AirtimeProvider = (typeof AIRTIME_PROVIDERS)[number];

/** Airtime recipients with a fixed network; any other valid mobile takes any provider. */
export const MAGIC_AIRTIME_MOBILES: Record<string, { provider?: AirtimeProvider; description: string }> = {
  '2348030000000': {
    provider: 'mtn',
    description: 'An MTN line: airtime succeeds with provider mtn, other providers are refused (50007).',
  },
  '2348050000000': { provider: 'glo', description: 'A Glo line: airtime succeeds with provider glo.' },
  '2348020000000': { provider: 'airtel', description: 'An Airtel line: airtime succeeds with provider airtel.' },
  '2348090000000': { provider: 'etisalat', description: 'A 9mobile (etisalat) line: airtime succeeds with provider etisalat.' },
  '2347000000000': { description: 'Cannot receive airtime: refused (400, 50007), no money moves.' },
};

/** Wallet personas of the old public sandbox, still used by public SDK test suites. */
export const PERSONA_MOBILE = '2349090000000';
export const PERSONA_PASSCODE = '111111';

const PERSONAS: MagicValue[] = [
  {
    value: PERSONA_MOBILE,
    outcome: 'persona',
    description: `Demo wallet; its passcode is always ${PERSONA_PASSCODE}. Phone transfers to it succeed and credit it.`,
  },
  {
    value: '2349095800000',
    outcome: 'user-not-found',
    description: 'Not a wallet: validate and phone transfers answer 404 "This user does not exist" (10003).',
  },
  {
    value: '2349090000001',
    outcome: 'user-not-found',
    description: 'Not a wallet: as above; airtime to it fails the same way (404, 10003) and no money moves, as on the old public sandbox.',
  },
];

/** Airtime to these fails as the old public sandbox's unknown persona did. */
export const UNKNOWN_PERSONAS: ReadonlySet<string> = new Set(['2349090000001']);

export const OUTCOMES = ['success', 'pending', 'failed', 'insufficient-funds', 'provider-error'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_HEADER = 'X-Sandbox-Outcome';

export function magicTable(): {
  accounts: MagicValue[];
  amounts: MagicValue[];
  mobiles: MagicValue[];
  bvns: MagicValue[];
  outcomeHeader: { name: string; values: string[] };
} {
  return {
    accounts: Object.entries(MAGIC_ACCOUNTS).map(([value, magic]) => ({ value, outcome: magic.plan, description: magic.description })),
    amounts: Object.entries(MAGIC_AMOUNTS).map(([value, magic]) => ({ value, outcome: magic.outcome, description: magic.description })),
    mobiles: [
      ...Object.entries(MAGIC_AIRTIME_MOBILES).map(([value, magic]) => ({
        value,
        outcome: magic.provider ? `airtime-${magic.provider}` : 'airtime-refused',
        description: magic.description,
      })),
      ...PERSONAS,
    ],
    bvns: [
      {
        value: MAGIC_UNRESOLVED_BVN,
        outcome: 'bvn-not-found',
        description: 'GET /v1/queries/bvn: resolves to nobody (404, 30003); nothing is charged.',
      },
    ],
    outcomeHeader: { name: OUTCOME_HEADER, values: [...OUTCOMES] },
  };
}
