import { invalid } from '../errors';
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

function optionalInt(input: Record<string, unknown>, field: string, min: number, max: number): number | undefined {
  const value = input[field];
  if (value === undefined) {
    return undefined;
  }
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    throw invalid(`${field} must be a whole number from ${min} to ${max}`);
  }
  return value as number;
}

function optionalString(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  if (value !== undefined && typeof value !== 'string') {
    throw invalid(`${field} must be a string`);
  }
  return value;
}

function optionalBoolean(input: Record<string, unknown>, field: string): boolean | undefined {
  const value = input[field];
  if (value !== undefined && typeof value !== 'boolean') {
    throw invalid(`${field} must be true or false`);
  }
  return value;
}

const FAULT_FIELDS = new Set([
  'method',
  'path',
  'status',
  'body',
  'contentType',
  'success2xxFalse',
  'drop',
  'delayMs',
  'retryAfterSeconds',
  'times',
]);

/** Checks a fault posted to the admin API; unknown fields are refused so typos do not go unseen. */
export function parseFault(input: Record<string, unknown>): Fault {
  for (const field of Object.keys(input)) {
    if (!FAULT_FIELDS.has(field)) {
      throw invalid(`Unknown fault field "${field.slice(0, 40)}"; fields are ${[...FAULT_FIELDS].join(', ')}`);
    }
  }
  const path = input['path'];
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw invalid('path is required and must start with "/" (end it with "*" to match a prefix)');
  }
  const fault: Fault = { path };
  const method = optionalString(input, 'method');
  const status = optionalInt(input, 'status', 100, 599);
  const body = optionalString(input, 'body');
  const contentType = optionalString(input, 'contentType');
  const success2xxFalse = optionalBoolean(input, 'success2xxFalse');
  const drop = optionalBoolean(input, 'drop');
  const delayMs = optionalInt(input, 'delayMs', 0, 600_000);
  const retryAfterSeconds = optionalInt(input, 'retryAfterSeconds', 0, 86_400);
  const times = optionalInt(input, 'times', 1, 1_000_000);
  if (method !== undefined) fault.method = method.toUpperCase();
  if (status !== undefined) fault.status = status;
  if (body !== undefined) fault.body = body;
  if (contentType !== undefined) fault.contentType = contentType;
  if (success2xxFalse !== undefined) fault.success2xxFalse = success2xxFalse;
  if (drop !== undefined) fault.drop = drop;
  if (delayMs !== undefined) fault.delayMs = delayMs;
  if (retryAfterSeconds !== undefined) fault.retryAfterSeconds = retryAfterSeconds;
  if (times !== undefined) fault.times = times;
  return fault;
}
