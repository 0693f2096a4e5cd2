import type { SandboxEnv } from './env';
import type { RawInput } from './input';

// What one world operation is: its input check, its admin route and what it does. The table of
// them is worlds/operations.ts; the admin API is made from it (admin/operationRoutes.ts) and the
// Node faces call it (worlds/controls.ts), so both take and refuse the same input.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OperationRoute {
  method: HttpMethod;
  /** The admin path, with `:name` segments that become input fields of the same name. */
  path: string;
  /** Query parameters that become input fields of the same name (over the body's). */
  query?: readonly string[];
  /** Whether the JSON body's fields are input fields (default: no body). */
  body?: true;
  /** Of two operations on one route, this one answers when the query says so (POST /__sandbox/reset?mobile=). */
  when?: (query: URLSearchParams) => boolean;
}

export interface Operation<I, O> {
  route: OperationRoute;
  /** Checks and normalises the raw input (Node arguments, or the query, path and body); throws ApiError 400. */
  input(raw: RawInput): I;
  /**
   * Does it on the env's world as it is now; answers what the admin API answers as `data`. A
   * long one answers a promise and yields between its steps (generate: other clients are
   * answered meanwhile); callers await whatever it answers.
   */
  run(env: SandboxEnv, input: I): O;
}

/** Typed identity: lets each entry of the table infer its own input and answer. */
export function operation<I, O>(definition: Operation<I, O>): Operation<I, O> {
  return definition;
}
