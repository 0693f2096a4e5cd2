import type { FindingRule } from './finding';

// Each rule's name, why it costs money and how to fix it, written once: the editor's finding page
// and the agents' tools show them, and docs/integration-review.md says the same words (its "Why it
// costs money" and "Fix" lines; test/unit/sandbox/findingRuleGuide.test.ts holds the two together).
// The texts continue a label ("Why it costs money: …"), so they begin in lower case; `code` in
// backticks as in the docs.

export interface RuleGuide {
  /** A few words naming what the rule catches. */
  name: string;
  /** Why it costs money in production. */
  why: string;
  /** How to fix it. */
  fix: string;
}

export const RULE_GUIDE: Readonly<Record<FindingRule, RuleGuide>> = {
  'retried-money-post': {
    name: 'A money request sent again',
    why:
      'a timeout or a 502 does not mean nothing happened. The first transfer may have been made; the retry ' +
      'makes a second one and the customer pays twice. A double click does the same: the second request leaves ' +
      'before the first is answered.',
    fix:
      'never retry a money POST blindly. Requery by reference (or read the history), and send again only ' +
      'when it shows no transfer; disable the pay button while a request is under way and refuse an ' +
      'identical second payment the user has not confirmed.',
  },
  'secret-in-url': {
    name: 'A secret in a URL',
    why: "URLs are written to server and proxy logs, browser history and error trackers. Whoever reads them holds a key that moves the wallet's money.",
    fix: 'send the app key as `X-App-Key`, the wallet token as `X-App-Wallet-Access-Token`, a passcode in the body of `POST /v1/users/auth`.',
  },
  'webhook-not-acknowledged': {
    name: 'A webhook not acknowledged',
    why:
      'an event that is not acknowledged is delivered again (the sandbox retries after 1 min, 5 min, 30 ' +
      'min, 2 h and 8 h). A handler that is not idempotent credits the order, or ships the goods, once per ' +
      'delivery; a slow one times out and is sent again while it is still working.',
    fix: 'answer `200` at once, then do the work (queue it), keyed by the transaction reference so a second delivery does nothing.',
  },
  'unknown-outcome-not-requeried': {
    name: 'An unknown outcome not requeried',
    why:
      'an unanswered transfer has an unknown outcome, not a failed one. An app that treats it as failed ' +
      'shows the customer "payment failed", lets them pay another way, and the first transfer lands too; ' +
      'one that treats it as done ships goods for money that never moved.',
    fix: 'show "outcome unknown", requery the transaction by its reference (or the history) before anything else, and settle it from what the requery says.',
  },
  'unverified-recipient': {
    name: 'A transfer to an unverified recipient',
    why: 'a mistyped account number, bank code or mobile sends the money to a stranger, and a transfer cannot be called back.',
    fix:
      'verify the account first, show the customer the name it answers, and send that name with the transfer; ' +
      'validate a mobile (`POST /v1/users/auth/validate`) before a phone transfer, and have the customer confirm it.',
  },
  'expired-token-loop': {
    name: 'A refused token sent again and again',
    why:
      'an app that resends a refused token never recovers: every payment after it fails while the customer ' +
      'waits, and the loop can get the app rate limited.',
    fix:
      'on a `401` with `10005`, refresh the token once with the refresh token and retry the read; if the ' +
      'refresh is refused (`10007`), ask the user to sign in again.',
  },
  'token-churn': {
    name: 'New tokens far too often',
    why: 'a sign-in or refresh per call slows every payment, sends customers needless passcodes (SMS costs), and can get the app rate limited.',
    fix: 'keep the access token until it expires or is refused (`401`, `10005`), then refresh it once.',
  },
  'webhook-trusted-without-requery': {
    name: 'A webhook trusted without a requery',
    why:
      'this API signs no webhooks. Anyone who finds the callback URL can post a `"SUCCESS"` event for a ' +
      'transfer that never happened; an app that credits on the event alone ships goods for nothing.',
    fix:
      "before crediting, fetch the transaction by the event's `transactionReference` and trust what the API " +
      'says; treat an event for a reference the API does not know as forged.',
  },
  'repeated-bvn-query': {
    name: 'A BVN looked up again',
    why:
      'every BVN query is charged (N35 a query), and the answer for a BVN does not change. An app that checks ' +
      'the BVN again on every sign-up step or page load pays for the same answer each time.',
    fix: 'keep the first answer with the customer record it verified, and check against it instead of asking the API again.',
  },
  'unknown-endpoint': {
    name: 'A call to an endpoint the API does not have',
    why:
      'every call to a path or method the API does not have fails, in production as in the sandbox: the ' +
      'payment, balance or requery the app meant never happens, and the app often takes the `404` for "nothing there".',
    fix:
      'check the path and method against the API reference (`GET /__sandbox/openapi.json`; the editor checks ' +
      'the paths in your code as you type), and build every path from one base URL.',
  },
  'float-kobo': {
    name: 'An amount that is not whole kobo',
    why:
      'naira turned into kobo in floating point is not whole: `19.99 * 100` is `1998.9999999999998`. The API takes ' +
      'whole kobo, so the payment is refused; truncated later (`parseInt`, `| 0`), it is a kobo short.',
    fix: 'round to whole kobo where the amount is made: `Math.round(naira * 100)`, and send that integer.',
  },
  'secret-in-browser': {
    name: 'A secret sent from a browser',
    why:
      'whatever reaches a browser, anyone who opens the page can read. With the app key they call the wallet ' +
      "API as your app; with a wallet token they move that wallet's money.",
    fix: 'call the wallet from your server and keep the key and tokens there; the browser calls your server.',
  },
  'sign-in-answer-ignored': {
    name: 'A sign-in whose answer was thrown away',
    why:
      'the first sign-in succeeded and gave the app its tokens; the app did not read them (it read `.status`, ' +
      'which the answer does not have) and signed in again, sending the customer another passcode (an SMS each) ' +
      'and making them wait.',
    fix: 'read `success`, keep `data.accessToken` and `data.refreshToken` from the answer, and use them until the ' + 'token is refused.',
  },
};

/** How a scenario file silences a rule (docs/integration-review.md, "Silencing a rule"). */
export const silenceExample = (rule: FindingRule): string => `{ "findings": { "ignore": ["${rule}"] } }`;
