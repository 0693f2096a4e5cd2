import { ApiError, ErrorCode } from '../vocabulary/errors';
import type { OperationName } from './operations';

// The reads whose "none" is a refusal over HTTP (a 404) and undefined in code. One table for every
// caller in code (worlds/controls.ts in process; the package's worlds on either side, which the
// editor's client is), so each answers "none" for exactly the refusal the
// operation means by it, and no other.

const NONE_WHEN: Partial<Record<OperationName, string>> = {
  passcode: ErrorCode.notFound, // no passcode is waiting (an unknown wallet is still refused)
  event: ErrorCode.eventNotFound,
};

function meansNone(name: OperationName, error: unknown): boolean {
  return error instanceof ApiError && NONE_WHEN[name] !== undefined && error.errorCode === NONE_WHEN[name];
}

/** The read's answer, or undefined when the operation refused it as "none". */
export function orNone<T>(name: OperationName, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (meansNone(name, error)) return undefined;
    throw error;
  }
}

/** orNone for a read that answers later (over HTTP). */
export async function orNoneLater<T>(name: OperationName, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (meansNone(name, error)) return undefined;
    throw error;
  }
}
