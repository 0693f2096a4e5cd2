import { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../vocabulary/errors';
import { faultMessage } from '../worlds/faults';
import { reportDropped, sendAnswer, sendJson } from './exchange';
import { Fault } from '../types';
import { readBody } from './body';

/**
 * Plays a fault on one request. True when the fault answered (or dropped) it; a delay-only
 * fault returns false and the request is then served normally.
 */
export async function injectFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  waits: Waits,
  closing: () => boolean,
): Promise<boolean> {
  if (fault.delayMs !== undefined && fault.delayMs > 0) {
    await waits.sleep(fault.delayMs);
  }
  if (closing() || res.destroyed) {
    return true;
  }
  // The body is read first, as the API would have: the journal (and the integration review's
  // retried-money-post) then knows what the app sent in the request the fault answered or dropped.
  await readBody(req).catch(() => undefined);
  if (closing() || res.destroyed) {
    return true;
  }
  if (fault.retryAfterSeconds !== undefined) {
    res.setHeader('Retry-After', String(fault.retryAfterSeconds));
  }
  if (fault.drop) {
    reportDropped(res);
    req.socket.destroy();
    return true;
  }
  req.resume();
  // Marks the answer as the fault's, not the API's (documented as the sandbox's own header).
  res.setHeader('X-Sandbox-Fault', 'injected');
  if (fault.body !== undefined) {
    const size = Buffer.byteLength(fault.body);
    const headers = { 'Content-Type': fault.contentType ?? 'application/json', 'Content-Length': size };
    sendAnswer(res, fault.status ?? 200, headers, fault.body, size);
    return true;
  }
  if (fault.success2xxFalse) {
    sendJson(res, 200, { success: false, error: 'Injected failure', errorCode: ErrorCode.injectedFault });
    return true;
  }
  if (fault.status !== undefined) {
    sendJson(res, fault.status, { success: false, error: faultMessage(fault.status), errorCode: ErrorCode.injectedFault });
    return true;
  }
  return false;
}

/** Sleeps that shutdown can cut short, so closing the sandbox never hangs on a long fault delay. */
export class Waits {
  private readonly pending = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  wakeAll(): void {
    for (const wake of [...this.pending]) {
      wake();
    }
  }
}
