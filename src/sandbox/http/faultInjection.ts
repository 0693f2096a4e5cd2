import { ServerResponse } from 'node:http';
import { ErrorCode } from '../vocabulary/errors';
import { faultMessage } from '../worlds/faults';
import { clientGone, keepApiAnswer, reportDropped, sendAnswer, sendJson, takeApiAnswer } from './exchange';
import { Fault } from '../types';
import type { Scheduler } from '../domain/scheduler';

// Playing a fault. Before the work (the default phase): wait `delayMs`, then answer for the API
// (drop, a status, a body) or let it serve. After the work (`phase: "after"`): the API has done
// its work (money moved, records written, webhooks scheduled) and answered; the fault then holds
// that answer `delayMs` (until the client gives up) and decides what the client hears of it.

/** What a fault needs from the request it plays on. */
export interface FaultTarget {
  res: ServerResponse;
  waits: Waits;
  clock: WaitClock;
  closing: () => boolean;
}

/** The fault's delay, on the real clock or the world's virtual one, whichever ends first. */
async function delay(fault: Fault, { waits, clock }: FaultTarget, stopEarly?: (wake: () => void) => void): Promise<void> {
  if (fault.delayMs !== undefined && fault.delayMs > 0) await waits.sleep(fault.delayMs, clock, stopEarly);
}

/** Whether the fault decides the answer (drops it, or sends its own), rather than only waiting. */
const decides = (fault: Fault): boolean =>
  fault.drop === true || fault.body !== undefined || fault.success2xxFalse === true || fault.status !== undefined;

/** The fault's own answer, or its dropped connection: true when it has one, false when it only waits (the API's answer goes out). */
function answerFor(fault: Fault, res: ServerResponse): boolean {
  if (fault.retryAfterSeconds !== undefined) {
    res.setHeader('Retry-After', String(fault.retryAfterSeconds));
  }
  if (fault.drop) {
    reportDropped(res);
    res.req.socket.destroy();
    return true;
  }
  if (!decides(fault)) return false;
  res.req.resume();
  // Marks the answer as the fault's, not the API's (documented as the sandbox's own header).
  res.setHeader('X-Sandbox-Fault', 'injected');
  if (fault.body !== undefined) {
    const size = Buffer.byteLength(fault.body);
    const headers = { 'Content-Type': fault.contentType ?? 'application/json', 'Content-Length': size };
    sendAnswer(res, fault.status ?? 200, headers, fault.body, size);
  } else if (fault.success2xxFalse) {
    sendJson(res, 200, { success: false, error: 'Injected failure', errorCode: ErrorCode.injectedFault });
  } else {
    sendJson(res, fault.status!, { success: false, error: faultMessage(fault.status!), errorCode: ErrorCode.injectedFault });
  }
  return true;
}

/**
 * Plays a fault before the work, on a request whose body has been read. True when the fault
 * answered (or dropped) it; false when the request is then served normally (a delay on its own).
 * A client that gave up during the delay does not cancel the work, as on a real server.
 */
export async function faultBefore(fault: Fault, target: FaultTarget): Promise<boolean> {
  await delay(fault, target);
  if (target.closing()) return true;
  return answerFor(fault, target.res);
}

/**
 * Plays a fault after the work: the API's answer (held by holdApiAnswer while the route ran) is
 * held `delayMs` more, or until the client gives up, then dropped, replaced, or sent.
 */
export async function faultAfter(fault: Fault, target: FaultTarget): Promise<void> {
  const { res } = target;
  const served = takeApiAnswer(res);
  if (!served || target.closing()) return;
  if (!clientGone(res)) await delay(fault, target, (wake) => res.once('close', wake));
  if (decides(fault)) keepApiAnswer(res, served);
  if (!answerFor(fault, res)) sendAnswer(res, served.status, served.headers, served.body, served.bodySize);
}

// Sleeps that shutdown can cut short, so closing the sandbox never hangs on a long fault delay.
// A sleep in a world also ends when the world's virtual clock passes its end: a test holds a
// request with a fault's delayMs (or latencyMs) and releases it with sandbox.clock.advance(),
// without waiting in real time.

/** The world a sleep counts in: its virtual clock and its scheduler (which an advance runs). */
export interface WaitClock {
  now(): number;
  scheduler: Scheduler;
}

let nextWait = 0;

export class Waits {
  private readonly pending = new Set<() => void>();

  /**
   * Resolves after `ms` real milliseconds, or once `clock` has passed as many (an advance), or
   * when `stopEarly` calls the wake it is given (the client hung up), whichever comes first.
   */
  sleep(ms: number, clock?: WaitClock, stopEarly?: (wake: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const key = `wait:${++nextWait}`;
      const scheduler = clock?.scheduler;
      const done = (): void => {
        if (!this.pending.delete(done)) return;
        clearTimeout(timer);
        scheduler?.cancel(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
      if (clock && scheduler) scheduler.at(key, clock.now() + ms, done);
      stopEarly?.(done);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.pending]) {
      wake();
    }
  }
}
