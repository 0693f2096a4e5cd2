import { randomBytes } from 'node:crypto';
import { ATTEMPT_TIMEOUT_MS } from '../domain/webhooks';
import { postJson } from '../domain/webhookPost';
import { withoutUserInfo } from '../domain/webhookTarget';
import { SETTLE_AFTER_MS } from '../domain/magic';
import type { PublicWebhookEvent, WebhookAttempt } from '../types';
import type { WebhookCheckCase, WebhookCheckCaseName, WebhookCheckReport } from './report';
import { deliveryHeaders, SandboxSide, type CheckAdmin, type Requery } from './sandboxSide';
import { bankTransfer, pendingBankTransfer, phoneTransfer, pointCallback, type CheckCredentials } from './walletCalls';

// Check My Webhook Handler: the sandbox sends the handler, as it would in production, one event
// of each type, a redelivery, a malformed body, a forgery (an event for a reference the sandbox
// never made) and an event while the API is slow; then production's disorder: copies of one event
// at once, an older event after the newer one, an event before the API's answer, a reversal, and
// an event that never comes. Each case is judged on what the handler answered, how fast, and
// whether it requeried the transaction (the sandbox's request journal).

/** How many copies of one event the concurrent case sends at once. */
export const CONCURRENT_COPIES = 3;

export interface WebhookCheckOptions {
  /** Where the handler listens: the app's callbackURL is pointed there for the check. */
  handlerUrl: string;
  /** The sandbox the handler requeries (its WALLET_BASE_URL). */
  sandboxUrl: string;
  /** The app and wallet the handler requeries with: the check's transfers are theirs. */
  credentials: CheckCredentials;
  /** How long the handler may take to answer (default 5000 ms: the sandbox's own delivery timeout). */
  acceptWithinMs?: number;
  /** How long after its answer a requery still counts (default 3000 ms). */
  requeryWithinMs?: number;
  /** Another wallet of the sandbox the phone transfers go to (default 2348000000000). */
  recipientMobile?: string;
  /** What the admin calls (events, journal, faults) send; every field optional. */
  admin?: CheckAdmin;
}

interface Answer {
  status: number;
  ms: number;
}

/** A case run: the handler's answer, the reference whose requery counts, and its verdict once the requeries are known. */
interface Ran extends Answer {
  name: WebhookCheckCaseName;
  reference?: string;
  /** The journal's newest id when the case began: its requeries are those after it (else after the check's start). */
  mark?: number;
  deliveries?: number;
  advisory?: true;
  /** `requeries`: how many times the app fetched the reference within the case. */
  judge(requeries: number): { passed: boolean; why: string };
}

const ok = (status: number) => status >= 200 && status < 300;
const fromAttempt = (attempt: WebhookAttempt): Answer => ({ status: attempt.status, ms: attempt.durationMs });

function answered(answer: Answer, limitMs: number): string {
  if (answer.status === 0) return `no answer within ${limitMs / 1000} s`;
  return `answered ${answer.status} in ${answer.ms} ms`;
}

/** A well-formed, real event must be accepted (2xx) in time, or the sender retries it for hours. */
function acceptJudge(answer: Answer, limitMs: number, what: string) {
  return () =>
    ok(answer.status) && answer.ms <= limitMs
      ? { passed: true, why: `${what}: accepted in ${answer.ms} ms` }
      : {
          passed: false,
          why: `${what}: ${answered(answer, limitMs)}; a real event needs a 2xx within ${limitMs / 1000} s, else the service retries it`,
        };
}

class Run {
  readonly sandbox: SandboxSide;
  readonly acceptMs: number;
  /** The events the check made the sandbox send: their delivery ends with the check. */
  readonly sent: string[] = [];

  constructor(readonly options: WebhookCheckOptions) {
    // The admin calls go to the world the app is in: its key (or the namespace key given) picks it.
    const { appKey = options.credentials.appKey, adminToken } = options.admin ?? {};
    this.sandbox = new SandboxSide(options.sandboxUrl, { appKey, ...(adminToken === undefined ? {} : { adminToken }) });
    this.acceptMs = options.acceptWithinMs ?? ATTEMPT_TIMEOUT_MS;
  }

  private async delivered(event: PublicWebhookEvent, before = 0): Promise<Answer> {
    return fromAttempt(await this.sandbox.attemptAfter(event.id, before));
  }

  async realEvent(name: 'bank-transfer' | 'phone-transfer'): Promise<Ran & { event: PublicWebhookEvent; reference: string }> {
    const { sandboxUrl, credentials } = this.options;
    const reference =
      name === 'bank-transfer'
        ? await bankTransfer(sandboxUrl, credentials)
        : await phoneTransfer(sandboxUrl, credentials, this.options.recipientMobile ?? '2348000000000');
    const event = await this.sandbox.eventFor(reference);
    const answer = await this.delivered(event);
    const what = name === 'bank-transfer' ? 'a BANK_TRANSFER event' : 'a PHONE_TRANSFER event';
    this.sent.push(event.id);
    return { name, reference, event, ...answer, judge: acceptJudge(answer, this.acceptMs, what) };
  }

  async redelivery(event: PublicWebhookEvent): Promise<Ran> {
    const before = (await this.sandbox.eventFor(event.payload.payload.data.transactionReference)).attempts.length;
    await this.sandbox.redeliver(event.id);
    const answer = await this.delivered(event, before);
    const judge = () =>
      ok(answer.status)
        ? { passed: true, why: `the same event again: acknowledged (${answer.status}); do its work once per transactionReference` }
        : {
            passed: false,
            why: `the same event again: ${answered(answer, this.acceptMs)}; delivery is at least once, so a duplicate must get a 2xx (and no second work)`,
          };
    return { name: 'redelivery', ...answer, judge };
  }

  async malformed(event: PublicWebhookEvent): Promise<Ran> {
    // The real event's body cut in half: what a truncated or garbled delivery looks like.
    const whole = JSON.stringify(event.payload);
    const started = performance.now();
    const result = await postJson(this.options.handlerUrl, whole.slice(0, whole.length >> 1), deliveryHeaders(event.id), this.acceptMs);
    const answer = { status: result.status, ms: Math.round(performance.now() - started) };
    const judge = () => {
      if (answer.status >= 400 && answer.status < 500)
        return { passed: true, why: `a body that is not JSON: refused with ${answer.status}` };
      const wrong = ok(answer.status)
        ? 'accepted a body that is not an event'
        : answer.status === 0
          ? answered(answer, this.acceptMs)
          : `answered ${answer.status}: a 5xx makes the service retry it for hours`;
      return { passed: false, why: `a body that is not JSON: ${wrong}; answer it with a 4xx` };
    };
    return { name: 'malformed', ...answer, judge };
  }

  async forgery(): Promise<Ran> {
    const reference = randomBytes(12).toString('hex');
    const event = await this.sandbox.forgedEvent(reference);
    this.sent.push(event.id);
    const answer = await this.delivered(event);
    const judge = (requeries: number) => {
      if (requeries === 0)
        return {
          passed: false,
          why:
            'an event for a transfer the sandbox never made, and the handler never asked the API about it: ' +
            'this API signs no webhooks, so requery GET /v1/transactions/:reference before trusting one',
        };
      if (answer.status === 0 || answer.status >= 500)
        return {
          passed: false,
          why: `a forged event: requeried, then ${answered(answer, this.acceptMs)}; ignore it (2xx) or refuse it (4xx)`,
        };
      return { passed: true, why: `a forged event: requeried it, and answered ${answer.status} (its work must not run)` };
    };
    return { name: 'forgery', reference, ...answer, judge };
  }

  /** A real event while every requery takes longer than the answer may: a handler that requeries before answering is too late. */
  async slowAcceptance(): Promise<Ran> {
    const faults = await this.sandbox.slowRequeries(this.acceptMs + 1_000);
    try {
      const { event, ...ran } = await this.realEvent('phone-transfer');
      void event;
      const answer = { status: ran.status, ms: ran.ms };
      const judge = () => {
        const accepted = acceptJudge(answer, this.acceptMs, 'an event while the API is slow')();
        return accepted.passed ? accepted : { passed: false, why: `${accepted.why}; answer first, requery and work after` };
      };
      return { ...ran, name: 'slow-acceptance', judge };
    } finally {
      await this.sandbox.removeFaults(faults);
    }
  }

  private phoneTransfer(): Promise<string> {
    return phoneTransfer(this.options.sandboxUrl, this.options.credentials, this.options.recipientMobile ?? '2348000000000');
  }

  /** Copies of a new event at once, as its first delivery (withheld, then copied): the race a check-then-insert guard loses. */
  async concurrent(): Promise<Ran> {
    const mark = await this.sandbox.journalMark();
    await this.sandbox.withhold(1, 'PHONE_TRANSFER');
    let reference: string;
    try {
      reference = await this.phoneTransfer();
    } finally {
      await this.sandbox.withhold(0, 'PHONE_TRANSFER');
    }
    const event = await this.sandbox.eventFor(reference);
    this.sent.push(event.id);
    await this.sandbox.deliverCopies(event.id, CONCURRENT_COPIES);
    const attempts = await this.sandbox.attemptsAfter(event.id, event.attempts.length, CONCURRENT_COPIES);
    // The case's answer: a copy refused if one was, else the slowest.
    const worst = attempts.find((attempt) => !ok(attempt.status)) ?? attempts.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
    const answer = fromAttempt(worst);
    const what = `${CONCURRENT_COPIES} copies of one event at once`;
    const judge = (requeries: number) => {
      const accepted = acceptJudge(answer, this.acceptMs, what)();
      if (!accepted.passed) return { passed: false, why: `${accepted.why}; every copy needs a 2xx (a second one is a duplicate: no work)` };
      const work =
        requeries <= 1
          ? `requeried ${requeries === 0 ? 'by none' : 'once'}: one copy went on to the work`
          : `requeried ${requeries} times: every copy went on to the work. A guard that checks, then records after the work, ` +
            'does it that many times: claim the reference before the work, in one atomic step (a unique insert)';
      return { passed: true, why: `${what}: all acknowledged, the slowest in ${answer.ms} ms; ${work}` };
    };
    return { name: 'concurrent', reference, mark, deliveries: CONCURRENT_COPIES, ...answer, judge };
  }

  /** The PENDING that preceded the bank transfer's SUCCESS, sent after it: the handler must not move the transfer back. */
  async outOfOrder(newer: PublicWebhookEvent): Promise<Ran> {
    const mark = await this.sandbox.journalMark();
    const older = await this.sandbox.sendOlder(newer.id);
    this.sent.push(older.id);
    const answer = await this.delivered(older);
    const what = 'an older PENDING event after the SUCCESS of its transfer';
    const judge = () =>
      ok(answer.status) && answer.ms <= this.acceptMs
        ? {
            passed: true,
            why: `${what}: acknowledged (${answer.status}); keep the newer state (the API's, when requeried), never go back to pending`,
          }
        : {
            passed: false,
            why:
              `${what}: ${answered(answer, this.acceptMs)}; acknowledge it (2xx) and leave the transfer as the newer event ` +
              'set it, else the sender retries it for hours',
          };
    return { name: 'out-of-order', reference: newer.payload.payload.data.transactionReference, mark, ...answer, judge };
  }

  /** A transfer whose answer the API holds until its event was answered: the app's handler hears of it first. */
  async beforeAnswer(): Promise<Ran> {
    const mark = await this.sandbox.journalMark();
    await this.sandbox.eventsBeforeAnswers(1);
    let reference: string;
    try {
      reference = await this.phoneTransfer();
    } finally {
      await this.sandbox.eventsBeforeAnswers(0);
    }
    const event = await this.sandbox.eventFor(reference);
    this.sent.push(event.id);
    const answer = await this.delivered(event);
    const what = 'an event before the API answered its transfer';
    const judge = (requeries: number) => {
      if (!ok(answer.status) || answer.ms > this.acceptMs)
        return {
          passed: false,
          why: `${what}: ${answered(answer, this.acceptMs)}; your app had no record of the transfer yet: requery it, do not refuse an unknown reference`,
        };
      return requeries > 0
        ? { passed: true, why: `${what}: accepted, and requeried (the API knew it before the app had its answer)` }
        : {
            passed: false,
            why: `${what}: accepted without asking the API; the app had no record of it yet, so only a requery proves it real`,
          };
    };
    return { name: 'before-answer', reference, mark, ...answer, judge };
  }

  /** The bank transfer reversed after its SUCCESS: a FAILED event for a reference the handler has seen. */
  async reversal(reference: string): Promise<Ran> {
    const mark = await this.sandbox.journalMark();
    await this.sandbox.reverse(reference, 0);
    const failed = await this.sandbox.eventSaying(reference, 'FAILED');
    this.sent.push(failed.id);
    const answer = await this.delivered(failed);
    const what = 'a FAILED event after the SUCCESS of the same transfer (a reversal)';
    const judge = (requeries: number) => {
      const accepted = acceptJudge(answer, this.acceptMs, what)();
      if (!accepted.passed) return accepted;
      return requeries > 0
        ? { passed: true, why: `${what}: accepted and requeried; undo the transfer's work: its money came back` }
        : {
            passed: false,
            why:
              `${what}: accepted, never requeried: a guard keyed on the reference alone takes it for a duplicate, and the reversal ` +
              'is lost. Key the guard on the reference and the status',
          };
    };
    return { name: 'reversal', reference, mark, ...answer, judge };
  }

  /** A pending bank transfer that settles with its event withheld: only the app's own requery learns the outcome. */
  async neverSent(): Promise<Ran> {
    const mark = await this.sandbox.journalMark();
    await this.sandbox.withhold(1, 'BANK_TRANSFER');
    let reference: string;
    try {
      reference = await pendingBankTransfer(this.options.sandboxUrl, this.options.credentials);
      await this.sandbox.advanceClock(SETTLE_AFTER_MS / 1000);
    } finally {
      await this.sandbox.withhold(0, 'BANK_TRANSFER');
    }
    const what = 'a bank transfer that settled and whose event never came (withheld)';
    const judge = (requeries: number) =>
      requeries > 0
        ? { passed: true, why: `${what}: your app requeried it` }
        : {
            passed: false,
            why:
              `${what}: nothing requeried it. A handler alone cannot see this: your app must requery a transfer still pending ` +
              'after a while (GET /v1/users/transfers/requery/bank/:ref). Not counted in the verdict',
          };
    return { name: 'never-sent', reference, mark, status: 0, ms: 0, deliveries: 0, advisory: true, judge };
  }
}

/**
 * Each case with its verdict: its requeries are those of its reference after its mark (the
 * check's start without one), until a later case of the same reference began.
 */
function verdicts(ran: readonly Ran[], requeries: readonly Requery[], start: number): WebhookCheckCase[] {
  return ran.map((one, index) => {
    const { name, status, ms, reference, deliveries, advisory, judge } = one;
    const from = one.mark ?? start;
    const until = ran.slice(index + 1).find((later) => later.reference === reference && later.mark !== undefined)?.mark ?? Infinity;
    const count = requeries.filter((requery) => requery.reference === reference && requery.id > from && requery.id <= until).length;
    return {
      name,
      status,
      ms,
      requeried: reference !== undefined && count > 0,
      ...judge(reference === undefined ? 0 : count),
      ...(deliveries === undefined ? {} : { deliveries }),
      ...(advisory ? { advisory } : {}),
    };
  });
}

/** The cases a requery is awaited for: their reference, after their mark. */
const awaited = (ran: readonly Ran[], start: number) =>
  ran.flatMap((one) => (one.reference === undefined ? [] : [{ reference: one.reference, mark: one.mark ?? start }]));

/**
 * Runs every case against the handler; the app's callbackURL is left pointing at it. The check's
 * events stop with it: one the handler did not acknowledge is not retried at it for hours.
 */
export async function checkWebhookHandler(options: WebhookCheckOptions): Promise<WebhookCheckReport> {
  const run = new Run(options);
  try {
    return await runCases(run, options);
  } finally {
    await run.sandbox.stopEvents(run.sent);
  }
}

async function runCases(run: Run, options: WebhookCheckOptions): Promise<WebhookCheckReport> {
  const window = options.requeryWithinMs ?? 3_000;
  await pointCallback(options.sandboxUrl, options.credentials, options.handlerUrl);
  // A withholding left from the app's own tests would keep the check's events from the handler.
  await run.sandbox.withhold(0);
  const mark = await run.sandbox.journalMark();
  const bank = await run.realEvent('bank-transfer');
  const phone = await run.realEvent('phone-transfer');
  const ran: Ran[] = [bank, phone, await run.redelivery(phone.event), await run.malformed(phone.event), await run.forgery()];
  // Requeries may follow the answer: wait for them before the API turns slow.
  await run.sandbox.waitForRequeries(awaited(ran, mark), mark, window);
  const slow = await run.slowAcceptance();
  const disorder = [
    await run.concurrent(),
    await run.outOfOrder(bank.event),
    await run.beforeAnswer(),
    await run.reversal(bank.reference),
    await run.neverSent(),
  ];
  // An older PENDING needs no requery: the others' are awaited (the withheld one's, for the whole window).
  const requeries = await run.sandbox.waitForRequeries(
    awaited(
      disorder.filter((one) => one.name !== 'out-of-order'),
      mark,
    ),
    mark,
    window,
  );
  const cases = verdicts([...ran, slow, ...disorder], requeries, mark);
  // A user name and password in the URL are sent to the handler, never shown back (as the sandbox's events do).
  return { handlerUrl: withoutUserInfo(options.handlerUrl), cases, passed: cases.every((one) => one.passed || one.advisory) };
}
