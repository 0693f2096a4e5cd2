import type { RawInput } from '../worlds/input';
import type { HttpMethod, Operation } from '../worlds/operation';
import { OPERATIONS, type OperationName } from '../worlds/operations';

// An operation of the table (worlds/operations.ts) as an admin request: the inverse of
// admin/operationRoutes.ts's httpInput, so a client in another process sends what the owner's
// route reads, and the owner checks it as it checks its own callers.

export interface OperationRequest {
  method: HttpMethod;
  /** Path and query. */
  path: string;
  body?: RawInput;
}

export function operationRequest(name: OperationName, raw: RawInput = {}): OperationRequest {
  const { route } = OPERATIONS[name] as Operation<unknown, unknown>;
  const rest: RawInput = { ...raw };
  const path = route.path.replace(/:(\w+)/g, (_, field: string) => {
    const value = rest[field];
    delete rest[field];
    return encodeURIComponent(String(value ?? ''));
  });
  const query = new URLSearchParams();
  for (const field of route.query ?? []) {
    if (rest[field] !== undefined) query.set(field, String(rest[field]));
    delete rest[field];
  }
  const search = query.toString();
  return { method: route.method, path: search ? `${path}?${search}` : path, ...(route.body ? { body: rest } : {}) };
}
