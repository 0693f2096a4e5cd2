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

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

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

function optionalString(input: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  if (value.length > max) throw invalid(`${field} must be at most ${max} characters`);
  return value;
}

/** A string a header or a path can carry as is: no CR, LF or other control character. */
function optionalText(input: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  // eslint-disable-next-line no-control-regex
  if (value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
    throw invalid(`${field} must be at most ${max} characters, with no line break or control character`);
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

/**
 * The longest body a fault answers with: an error envelope, a gateway's page, or a short answer
 * of the wrong shape (a few transactions), not a payload. 100 faults in each of 101 worlds is
 * 10,100 of them, so the sandbox's memory stays bounded only with this one small: 64 KiB took
 * it past 2 GB.
 */
export const MAX_FAULT_BODY = 2_048;

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

function faultMethod(input: Record<string, unknown>): string | undefined {
  const method = optionalText(input, 'method', 10)?.toUpperCase();
  if (method !== undefined && !METHODS.includes(method)) throw invalid(`method must be one of ${METHODS.join(', ')}`);
  return method;
}

/**
 * Checks a fault, whoever adds it (the admin API, the package's faults.add, the extension):
 * unknown fields are refused so typos do not go unseen; the status is one a response can carry
 * with a body (200 to 599) and the content type one a header can carry.
 */
export function parseFault(input: Record<string, unknown>): Fault {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalid('a fault must be an object, such as { "path": "/v1/*" }');
  for (const field of Object.keys(input)) {
    if (!FAULT_FIELDS.has(field)) {
      throw invalid(`Unknown fault field "${field.slice(0, 40)}"; fields are ${[...FAULT_FIELDS].join(', ')}`);
    }
  }
  const path = optionalText(input, 'path', 500);
  if (path === undefined || !path.startsWith('/')) {
    throw invalid('path is required and must start with "/" (end it with "*" to match a prefix)');
  }
  const fault: Fault = { path };
  const fields = {
    method: faultMethod(input),
    status: optionalInt(input, 'status', 200, 599),
    body: optionalString(input, 'body', MAX_FAULT_BODY),
    contentType: optionalText(input, 'contentType', 200),
    success2xxFalse: optionalBoolean(input, 'success2xxFalse'),
    drop: optionalBoolean(input, 'drop'),
    delayMs: optionalInt(input, 'delayMs', 0, 600_000),
    retryAfterSeconds: optionalInt(input, 'retryAfterSeconds', 0, 86_400),
    times: optionalInt(input, 'times', 1, 1_000_000),
  };
  for (const [field, value] of Object.entries(fields))
    if (value !== undefined) (fault as unknown as Record<string, unknown>)[field] = value;
  return fault;
}
