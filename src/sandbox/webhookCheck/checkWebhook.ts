import { randomBytes } from 'node:crypto';
import { ATTEMPT_TIMEOUT_MS } from '../domain/webhooks';
import { postJson } from '../domain/webhookPost';
import { withoutUserInfo } from '../domain/webhookTarget';
import type { PublicWebhookEvent, WebhookAttempt } from '../types';
import type { WebhookCheckCase, WebhookCheckCaseName, WebhookCheckReport } from './report';
import { deliveryHeaders, SandboxSide, type CheckAdmin } from './sandboxSide';
import { bankTransfer, phoneTransfer, pointCallback, type CheckCredentials } from './walletCalls';

// Check My Webhook Handler: the sandbox sends the handler, as it would in production, one event
// of each type, a redelivery, a malformed body, a forgery (an event for a reference the sandbox
// never made) and an event while the API is slow; then each case is judged on what the handler
// answered, how fast, and whether it requeried the transaction (the sandbox's request journal).

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
  judge(requeried: boolean): { passed: boolean; why: string };
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

  async realEvent(name: 'bank-transfer' | 'phone-transfer'): Promise<Ran & { event: PublicWebhookEvent }> {
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
    const judge = (requeried: boolean) => {
      if (!requeried)
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
}

function verdicts(ran: readonly Ran[], requeried: ReadonlySet<string>): WebhookCheckCase[] {
  return ran.map(({ name, status, ms, reference, judge }) => {
    const wasRequeried = reference !== undefined && requeried.has(reference);
    return { name, status, ms, requeried: wasRequeried, ...judge(wasRequeried) };
  });
}

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
  await pointCallback(options.sandboxUrl, options.credentials, options.handlerUrl);
  const mark = await run.sandbox.journalMark();
  const bank = await run.realEvent('bank-transfer');
  const phone = await run.realEvent('phone-transfer');
  const ran: Ran[] = [bank, phone, await run.redelivery(phone.event), await run.malformed(phone.event), await run.forgery()];
  const references = ran.flatMap((one) => (one.reference === undefined ? [] : [one.reference]));
  // Requeries may follow the answer: wait for them before the API turns slow.
  const requeried = await run.sandbox.waitForRequeries(references, mark, options.requeryWithinMs ?? 3_000);
  const slow = await run.slowAcceptance();
  const cases = verdicts([...ran, slow], requeried);
  // A user name and password in the URL are sent to the handler, never shown back (as the sandbox's events do).
  return { handlerUrl: withoutUserInfo(options.handlerUrl), cases, passed: cases.every((one) => one.passed) };
}
