import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { BANKS } from '../domain/banks';
import { FaultListSchema, KnobsSchema, kobo, MAX_FAULTS, mobile } from '../domain/inputs';
import { webhookTargetRefusal } from '../domain/webhookTarget';
import { TRANSACTION_TYPES } from '../vocabulary/records';
import { FINDING_RULES } from '../findings/finding';
import type { ScenarioApp as FileApp, ScenarioFault as FileFault, ScenarioFile, ScenarioWallet as FileWallet } from './scenarioFile';

// The scenario file (`wallet-sandbox.json`): the world a sandbox starts in, the same file in the
// editor and in CI. One definition: the loader checks a file with it, and the JSON Schema the
// editor validates with (scenario.schema.json) is generated from it. Every message completes
// "<JSON path>: …", so a bad file names the field at fault and what it must be.

/** The most faults a world holds at once: a scenario's, and those added later (domain/inputs.ts). */
export { MAX_FAULTS };

const wholeNumber = (what: string, min: number, max: number) =>
  v.pipe(v.number(`must be ${what}`), v.integer(`must be ${what}`), v.minValue(min, `must be ${what}`), v.maxValue(max, `must be ${what}`));

export const isoDate = v.pipe(
  v.string('must be an ISO 8601 date, such as "2026-01-05T09:00:00Z"'),
  v.isoTimestamp('must be an ISO 8601 date with a time zone, such as "2026-01-05T09:00:00Z"'),
);

const bankCode = v.picklist(
  BANKS.map((bank) => bank.bankCode),
  'must be a bank code from GET /v1/queries/banks, such as "000014"',
);

const accountNumber = v.pipe(v.string('must be a 10-digit account number'), v.regex(/^\d{10}$/, 'must be a 10-digit account number'));

const name = (what: string) =>
  v.pipe(v.string(`must be ${what}`), v.trim(), v.minLength(1, `must be ${what}`), v.maxLength(100, `must be ${what}`));

/** A bank's name as the API shows it (the bank code's own when left out), kept as given. */
const bankNameField = v.pipe(
  v.string("must be the bank's name"),
  v.minLength(1, "must be the bank's name"),
  v.maxLength(100, 'must be at most 100 characters'),
);

/** An app key as the scenario fixes it, so a test can hard-code it. */
const appKey = (prefix: string) =>
  v.pipe(
    v.string(`must be a key such as "${prefix}" followed by letters and digits`),
    v.regex(/^[A-Za-z0-9_-]{16,128}$/, `must be 16 to 128 letters, digits, "_" or "-", such as "${prefix}scenario_0001"`),
  );

const ScenarioApp = v.strictObject({
  name: name('the app name, 1 to 100 characters'),
  key: v.optional(v.pipe(appKey('pk_live_'), v.description('The X-App-Key for live-mode calls; generated when left out.'))),
  sandboxKey: v.optional(
    v.pipe(
      appKey('sk_test_'),
      v.description('The X-App-Key a test hard-codes: not a secret of any real service. Generated when left out.'),
    ),
  ),
  callbackURL: v.optional(
    v.pipe(
      v.string('must be an http(s) URL'),
      v.url('must be an http(s) URL'),
      v.regex(/^https?:\/\//, 'must be an http(s) URL'),
      v.check(
        (url) => webhookTargetRefusal(url) === undefined,
        'must not point at a link-local, cloud metadata or unspecified address; use your receiver’s, such as http://localhost:3000/webhooks',
      ),
      v.description("Where the sandbox POSTs this app's webhooks (BANK_TRANSFER, PHONE_TRANSFER)."),
    ),
  ),
  wallets: v.optional(v.pipe(v.array(mobile, 'must be a list of mobile numbers'), v.description('Wallets linked to the app, by mobile.'))),
});

const ScenarioDeveloper = v.strictObject({
  email: v.pipe(v.string('must be an e-mail address'), v.email('must be an e-mail address')),
  password: v.pipe(v.string('must be a password of at least 8 characters'), v.minLength(8, 'must be a password of at least 8 characters')),
  sandboxMobile: v.optional(
    v.pipe(
      mobile,
      v.description(
        "The developer's own sandbox wallet (declare it under wallets to fix its balance or history); by default one is picked from the e-mail.",
      ),
    ),
  ),
  apps: v.optional(v.array(ScenarioApp, 'must be a list of apps')),
});

const ScenarioAccount = v.strictObject({
  bankCode,
  accountNumber,
  accountName: v.optional(name('the account holder, 1 to 100 characters')),
});

/** A transaction's reference (its id): what the sandbox writes back as it is (POST /__sandbox/transactions takes the same). */
export const reference = v.pipe(
  v.string('must be 1 to 64 letters, digits, "_" or "-"'),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"'),
);

/** What a bill, airtime or BVN lookup was for: { billerName, billCustomerID, billType } and the like. */
const metadata = v.pipe(
  v.record(
    v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'must be a field name of up to 32 letters, digits or "_"')),
    v.pipe(v.string('must be a string'), v.maxLength(100, 'must be at most 100 characters')),
    'must be an object of strings, such as { "billerName": "dstv", "billCustomerID": "7023456789", "billType": "cabletv" }',
  ),
  v.description('What the bill, airtime or BVN lookup was for, as the API answers it.'),
);

/**
 * Whom or what a transaction was for, in the three shapes the API answers: a scenario's, and what
 * POST /__sandbox/transactions takes (one definition: Save Sandbox as Scenario writes any it took).
 */
export const TransactionRecipient = v.union(
  [
    v.strictObject({ bankCode, accountNumber, accountName: name('the account holder'), bankName: v.optional(bankNameField) }),
    v.strictObject({ mobile, name: v.optional(name('a name')) }),
    v.strictObject({ metadata }),
  ],
  'must be a bank account ({ bankCode, accountNumber, accountName, bankName? }), a phone ({ mobile, name? }) or a bill ({ metadata })',
);

const ScenarioTransaction = v.strictObject({
  type: v.picklist(TRANSACTION_TYPES, `must be one of ${TRANSACTION_TYPES.join(', ')}`),
  amount: kobo(1),
  reference: v.optional(reference),
  createdAt: v.optional(isoDate),
  updatedAt: v.optional(isoDate),
  recipient: v.optional(TransactionRecipient),
  direction: v.optional(v.picklist(['debit', 'credit'], 'must be "debit" or "credit"')),
  statusCode: v.optional(
    v.pipe(
      v.picklist(['000000', '000001', '000002'], 'must be "000000" (failed), "000001" (success) or "000002" (pending)'),
      v.description("A bank transfer's status as the ledger wrote it; one written as pending stays pending."),
    ),
  ),
  reversalOf: v.optional(v.pipe(reference, v.description('On a reversal: the reference of the failed bank transfer it returns.'))),
});

const GeneratedHistory = v.pipe(
  v.strictObject({
    count: wholeNumber('a count of transactions from 0 to 10000', 0, 10_000),
    seed: wholeNumber('a whole number from 0 to 4294967295', 0, 2 ** 32 - 1),
    until: isoDate,
  }),
  v.description(
    'A history made by a seed: `count` transactions over the 120 days before `until`, the same ones every time. ' +
      'Save Sandbox as Scenario writes a history the sandbox generated this way; listed transactions come on top of it.',
  ),
);

const ScenarioWallet = v.strictObject({
  mobile,
  name: v.optional(name("the wallet holder's name, 1 to 100 characters")),
  passcode: v.optional(
    v.pipe(
      v.string('must be 6 digits, as a string'),
      v.regex(/^\d{6}$/, 'must be 6 digits, as a string'),
      v.description('The passcode every sign-in of this wallet gets, instead of a new random one.'),
    ),
  ),
  balance: v.optional(v.pipe(kobo(0), v.description('In kobo: 150000 is ₦1,500.00. By default the seed picks one.'))),
  transactions: v.optional(
    v.pipe(
      v.union(
        [wholeNumber('a count of transactions from 0 to 10000', 0, 10_000), v.array(ScenarioTransaction)],
        'must be a count or a list of transactions',
      ),
      v.description(
        'A number: that many generated transactions (by the seed). A list: exactly these (after generatedHistory, when given). ' +
          'By default, 60 to 120 generated.',
      ),
    ),
  ),
  generatedHistory: v.optional(GeneratedHistory),
  accounts: v.optional(
    v.pipe(
      v.array(ScenarioAccount, 'must be a list of bank accounts'),
      v.description('Bank accounts linked to the wallet; by default the seed picks them.'),
    ),
  ),
});

const OUTCOMES = ['normal', 'instant', 'held', 'fails', 'unresolved'] as const;

const ScenarioBankAccount = v.strictObject({
  bankCode,
  accountNumber,
  accountName: name('the name account verification answers, 1 to 100 characters'),
  outcome: v.optional(
    v.pipe(
      v.picklist(OUTCOMES, `must be one of ${OUTCOMES.join(', ')}`),
      v.description(
        'A transfer to it: settles after 10 s (normal), at once (instant), after 24 h (held), ' +
          'fails and is reversed (fails), or the account does not resolve (unresolved).',
      ),
    ),
  ),
});

export const Scenario = v.strictObject({
  $schema: v.optional(v.string()),
  $comment: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], 'must be a string or a list of strings'),
      v.description('Notes for the reader (JSON has no comments); the sandbox ignores them.'),
    ),
  ),
  seed: v.optional(
    v.pipe(
      wholeNumber('a whole number from 0 to 4294967295', 0, 2 ** 32 - 1),
      v.description('The same seed gives the same names, accounts and histories.'),
    ),
  ),
  clock: v.optional(
    v.strictObject({
      start: v.optional(v.pipe(isoDate, v.description("The virtual clock's time when the world starts (and on reset)."))),
      frozen: v.optional(
        v.pipe(
          v.boolean('must be true or false'),
          v.description('true: the virtual clock moves only when advanced, never with real time (for deterministic tests).'),
        ),
      ),
    }),
  ),
  // The knobs and faults as the admin API takes them (domain/inputs.ts): whatever it took, Save Sandbox as Scenario can write.
  ...KnobsSchema.entries,
  faults: v.optional(v.pipe(FaultListSchema, v.description('Faults as POST /__sandbox/faults takes them, tried in this order.'))),
  developers: v.optional(v.array(ScenarioDeveloper, 'must be a list of developers')),
  wallets: v.optional(v.array(ScenarioWallet, 'must be a list of wallets')),
  bankAccounts: v.optional(v.array(ScenarioBankAccount, 'must be a list of bank accounts')),
  findings: v.optional(
    v.strictObject({
      ignore: v.optional(
        v.pipe(
          v.array(v.picklist(FINDING_RULES, `must be one of ${FINDING_RULES.join(', ')}`), 'must be a list of rule names'),
          v.description('Rules of the integration review (docs/integration-review.md) not to report.'),
        ),
      ),
    }),
  ),
});

export type Scenario = v.InferOutput<typeof Scenario>;
export type ScenarioWallet = v.InferOutput<typeof ScenarioWallet>;
export type ScenarioTransaction = v.InferOutput<typeof ScenarioTransaction>;
export type ScenarioApp = v.InferOutput<typeof ScenarioApp>;
export type ScenarioBankAccount = v.InferOutput<typeof ScenarioBankAccount>;
export type BankOutcome = (typeof OUTCOMES)[number];

// The format as JSON Schema (scenario.schema.json, written by `npm run scenario:schema`, checked by
// test/unit/sandbox/scenario.test.ts): what VS Code validates wallet-sandbox.json with
// (contributes.jsonValidation) and what the sandbox package carries. No runtime caller: bundles
// leave @valibot/to-json-schema out (it has no side effects). No $id: an address that does not
// resolve sends editors to the network for nothing; a file names this schema by a path that
// exists (the package's "./node_modules/wallet-sandbox/scenario.schema.json").

export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(Scenario, { errorMode: 'throw', ignoreActions: ['trim', 'check'] }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    title: 'Wallet sandbox scenario',
    description:
      'The world a wallet sandbox starts in: developers, apps with fixed keys, wallets, bank accounts, the clock, faults (docs/scenarios.md).',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}

// Compile-time only (npm run typecheck): the hand-written ScenarioFile (scenarioFile.ts), which the
// package's type declarations carry, and this definition stay the same format: each type accepts
// the other, and each object names the same fields.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Input = v.InferInput<typeof Scenario>;
type Item<T> = NonNullable<T> extends readonly (infer I)[] ? I : never;
export const SCENARIO_TYPES_AGREE: [
  Same<ScenarioFile, Input>,
  Same<keyof ScenarioFile, keyof Input>,
  Same<keyof FileWallet, keyof Item<Input['wallets']>>,
  Same<keyof FileApp, keyof Item<Item<Input['developers']>['apps']>>,
  Same<keyof FileFault, keyof Item<Input['faults']>>,
] = [true, true, true, true, true];
