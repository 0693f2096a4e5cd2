// What every generated handler's header says about how it works, in one text for every language:
// keep the event, then answer; requery, then work; retry what failed. Each template writes it as
// comment lines of its language.

/** Seconds before each new try of an event whose requery or work failed; the last repeats. */
export const RETRY_SECONDS = [2, 10, 60, 300, 600] as const;

const TEXT = `How it works (no event is lost, none is done twice):
1. Check: a body that is not a wallet event is answered 400, so the service stops sending it.
2. Keep, then answer: the event goes into the inbox once per transactionReference and status
   (the claim is checked and made in one step, so two deliveries at once keep it once; a
   reversal, FAILED after SUCCESS, is not a duplicate), then 200 at once. A redelivery of one
   already kept is acknowledged and not kept twice. A status that is not final (an older
   PENDING that came late) is acknowledged and never processed: it must not undo a SUCCESS.
   Without WALLET_APP_KEY and a token it answers 503 and keeps nothing: the service sends the
   event again later.
3. Process, after the answer: this API signs no webhooks, so each event is requeried
   (GET /v1/transactions/:transactionReference) and your work runs only for a transfer the API
   knows, of the event's amount; any other is ignored (a forged event?).
4. Retry what failed: a 401 renews the access token with WALLET_REFRESH_TOKEN
   (POST /v1/users/accessToken) and asks again; a 5xx, a timeout or a failure of your work is
   tried again later (after 2 s, 10 s, 1 min, 5 min, then every 10 min) and never dropped.
The inbox is in memory in this scaffold: an event kept but not yet processed is lost when the
process stops. Keep it in your app's database instead (a table unique on transactionReference and status,
written before the 200; each event's state changed in the same transaction as your work).
It reads WALLET_BASE_URL, WALLET_APP_KEY, WALLET_REFRESH_TOKEN (the wallet's, to renew its access
token) and, to start with, WALLET_ACCESS_TOKEN. In VS Code, Wallet Console gives new terminals all
four with the setting walletConsole.terminal.includeAppKey on (the local sandbox's, never a live key).`;

/** The text as comment lines, each starting with `prefix` (`// `, `# `); an empty line is the bare prefix. */
export const howItWorks = (prefix: string): string =>
  TEXT.split('\n')
    .map((line) => `${prefix}${line}`.trimEnd())
    .join('\n');
