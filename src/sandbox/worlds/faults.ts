import * as v from 'valibot';
import { checkedInput, FaultSchema } from '../domain/inputs';
import { Fault } from '../types';

// Injected failures, so clients can be tested against the ways a real service goes wrong.

export function faultMatches(fault: Fault, method: string, path: string): boolean {
  if (fault.method !== undefined && fault.method.toUpperCase() !== method) {
    return false;
  }
  return fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path;
}

/**
 * The first fault for this request; a fault with `times` counts down and leaves at zero, and
 * `counted` is told (the knobs changed: the views show what is left).
 */
export function takeFault(faults: Fault[], method: string, path: string, counted: () => void): Fault | undefined {
  const index = faults.findIndex((fault) => faultMatches(fault, method, path));
  const fault = faults[index];
  if (!fault) {
    return undefined;
  }
  if (fault.times !== undefined) {
    fault.times -= 1;
    if (fault.times <= 0) {
      faults.splice(index, 1);
    }
    counted();
  }
  return fault;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Request timeout',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

export function faultMessage(status: number): string {
  return `Injected failure: ${STATUS_TEXT[status] ?? `HTTP ${status}`}`;
}

/**
 * A fault as any caller adds it (the admin API, the package's faults.add, the extension, the
 * agent tools): the one definition a scenario's faults have too (domain/inputs.ts), so every
 * fault added can be saved as a scenario. Unknown fields are refused so typos do not go unseen
 * (the message lists the fields); a method is taken in any case and kept in capitals; a field
 * given as undefined (from Node) is left out, as JSON would.
 */
export const FaultInput = v.pipe(
  v.custom<Record<string, unknown>>(
    (given) => typeof given === 'object' && given !== null && !Array.isArray(given),
    'a fault must be an object, such as { "path": "/v1/*" }',
  ),
  v.transform((given) =>
    Object.fromEntries(
      Object.entries(given)
        .filter(([, value]) => value !== undefined)
        .map(([field, value]) => [field, field === 'method' && typeof value === 'string' ? value.toUpperCase() : value]),
    ),
  ),
  FaultSchema,
);

/** The fault as FaultInput reads it, or a 400 (10000) naming the field at fault. */
export function parseFault(input: Record<string, unknown>): Fault {
  return checkedInput(FaultInput, input);
}
