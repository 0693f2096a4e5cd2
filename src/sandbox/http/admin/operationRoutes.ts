import type * as v from 'valibot';
import { checkedInput } from '../../domain/inputs';
import { queryParam } from '../../worlds/requestFields';
import { ok, type Handler, type Reply, type RequestContext, type Router } from '../router';
import { withoutEmptyQuery, type AdminDoc, type Operation, type OperationRoute, type RawInput } from '../../worlds/operation';
import { OPERATIONS, type OperationName } from '../../worlds/operations';

// The admin routes of the world operations, made from their table (worlds/operations.ts): the
// query parameters, path segments and body fields an operation names are its input, checked by
// the operation itself; its answer is the envelope's `data`. Nothing here restates a rule. The
// admin routes that are no world's operation (adminRoutes below) are defined the same way: a
// route, what it accepts, its doc and what it does, so openapi.json is generated for every one.

type AnyOperation = Operation<unknown, unknown>;

/** What a route adds around its operation (GET /__sandbox/events?waitMs= waits for a match). */
export type Around = (ctx: RequestContext, input: unknown, answer: () => unknown) => Promise<unknown>;

/** The operation's input as the request carries it: body fields, then path segments, then query parameters. */
export function httpInput(route: OperationRoute, ctx: RequestContext): RawInput {
  const raw: RawInput = route.body ? { ...ctx.body } : {};
  Object.assign(raw, ctx.params);
  for (const name of route.query ?? []) raw[name] = queryParam(ctx.query, name);
  return raw;
}

function handler(operations: AnyOperation[], around: Around | undefined): Handler {
  return async (ctx) => {
    // Of the operations on one route, the first whose `when` holds (or that has none) answers.
    const op = operations.find((candidate) => candidate.route.when?.(ctx.query) ?? true) as AnyOperation;
    const input = op.input(httpInput(op.route, ctx));
    const answer = () => op.run(ctx.env, input);
    return ok(await (around ? around(ctx, input, answer) : answer()));
  };
}

/** Adds a route per method and path of the table, in its order. */
export function operationRoutes(router: Router, around: Partial<Record<OperationName, Around>> = {}): void {
  const routes = new Map<string, { name: OperationName; op: AnyOperation }[]>();
  for (const [name, op] of Object.entries(OPERATIONS) as [OperationName, AnyOperation][]) {
    const key = `${op.route.method} ${op.route.path}`;
    routes.set(key, [...(routes.get(key) ?? []), { name, op }]);
  }
  for (const [key, entries] of routes) {
    const [method, path] = key.split(' ') as [string, string];
    const wrap = entries.map((entry) => around[entry.name]).find(Boolean);
    router.add(
      method,
      path,
      handler(
        entries.map((entry) => entry.op),
        wrap,
      ),
    );
  }
}

/** An admin route that is no world's operation (health, the watch stream, the journal's pages, the namespaces). */
export interface AdminRoute<I = unknown> {
  route: OperationRoute;
  /** What it takes (its query, path and body), checked before `handle` runs; openapi.json's parameters are made from it. */
  accepts: v.GenericSchema<unknown, I>;
  doc: AdminDoc;
  handle(ctx: RequestContext, input: I): Reply | Promise<Reply>;
}

/** Typed identity: lets each route infer its input from `accepts`. */
export function adminRoute<S extends v.GenericSchema>(
  definition: Omit<AdminRoute<v.InferOutput<S>>, 'accepts'> & { accepts: S },
): AdminRoute<v.InferOutput<S>> {
  return definition;
}

/** Adds each route, its input checked by its own schema. */
export function addAdminRoutes(router: Router, routes: readonly AdminRoute[]): void {
  for (const { route, accepts, handle } of routes) {
    router.add(route.method, route.path, (ctx) =>
      handle(ctx, checkedInput(accepts, withoutEmptyQuery(httpInput(route, ctx), route.query))),
    );
  }
}
