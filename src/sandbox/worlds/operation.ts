import * as v from 'valibot';
import { checkedInput } from '../domain/inputs';
import type { SandboxEnv } from './env';

// What one world operation is: what it takes (one valibot schema), its admin route, what the
// OpenAPI document says of it, and what it does. The table of them is worlds/operations.ts; the
// admin API is made from it (http/admin/operationRoutes.ts), the Node faces call it
// (worlds/controls.ts), and the admin half of openapi.json is generated from it (npm run
// openapi:admin), so all of them take and refuse the same input.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** An operation's raw input: the call's arguments in Node, the query, path and body over HTTP. */
export type RawInput = Record<string, unknown>;

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect), as openapi.json holds it. */
export type JsonSchema = { [keyword: string]: unknown };

/** The metadata key that says what openapi.json shows for a schema whose checks JSON Schema cannot say. */
export const DOCUMENTED_AS = 'documentedAs';

/** Put last in a pipe: openapi.json shows `schema` for it (a check or a transform has no JSON Schema). */
export const documentedAs = <TInput>(schema: JsonSchema) =>
  v.metadata<TInput, { [DOCUMENTED_AS]: JsonSchema }>({ [DOCUMENTED_AS]: schema });

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

/** What the admin half of openapi.json says of a route (http/admin/openapiAdmin.ts writes it). */
export interface AdminDoc {
  /** The operationId: generated clients name their methods by it, so it stays once published. */
  id: string;
  summary: string;
  description?: string;
  /**
   * The answer's `data` (the success envelope is put around it); `$ref`s name components of
   * openapi.json (worlds/answers.ts, or the API half's). With `bare`, the whole body instead.
   */
  answer: JsonSchema;
  /** What the 200 answer is, in a few words (default "Done"). */
  answered?: string;
  /** The answer is not enveloped: the body is `answer`, in this media type. */
  bare?: 'application/json' | 'text/event-stream';
  /**
   * Statuses this route answers beyond those of every admin route (400, 401, 403, 404, 413, and
   * 415 with a body): the name of a response of worlds/answers.ts, or what the error envelope means.
   */
  errors?: Readonly<Record<number, string>>;
  /** The name of the request body's schema among openapi.json's components (else written in place). */
  body?: string;
  /** Words for parameters, where the field's schema has none or says something else here. */
  parameters?: Readonly<Record<string, string>>;
  /** Request headers it reads, with what each does. */
  headers?: Readonly<Record<string, string>>;
}

export interface Operation<I, O> {
  route: OperationRoute;
  /**
   * What it takes, defined once: it checks and normalises the input (Node arguments, or the
   * query, path and body), and openapi.json's parameters and request body are made from it.
   */
  accepts: v.GenericSchema<unknown, I>;
  /** The input as `accepts` reads it; throws ApiError 400 (10000) naming the field at fault. */
  input(raw: RawInput): I;
  doc: AdminDoc;
  /**
   * Does it on the env's world as it is now; answers what the admin API answers as `data`. A
   * long one answers a promise and yields between its steps (generate: other clients are
   * answered meanwhile); callers await whatever it answers.
   */
  run(env: SandboxEnv, input: I): O;
}

/** A query field given empty (`?mobile=`, or '' or null from Node) is as absent: the two cannot be told apart over HTTP. */
export function withoutEmptyQuery(raw: RawInput, query: readonly string[] = []): RawInput {
  const given: RawInput = { ...raw };
  for (const name of query) if (given[name] === undefined || given[name] === '' || given[name] === null) delete given[name];
  return given;
}

/** One entry of the table: its input is read by `accepts`, for every caller alike. */
export function operation<S extends v.GenericSchema, O>(
  definition: Omit<Operation<v.InferOutput<S>, O>, 'accepts' | 'input'> & { accepts: S },
): Operation<v.InferOutput<S>, O> {
  const { accepts, route } = definition;
  return { ...definition, input: (raw) => checkedInput(accepts, withoutEmptyQuery(raw, route.query)) };
}
