import { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { ApiError, ErrorCode, invalid } from '../errors';
import { VirtualClock } from '../domain/clock';
import { Knobs } from './knobs';
import { Ledger } from '../domain/ledger';
import { Scheduler } from '../domain/scheduler';
import { ChangeFeed } from '../sharing/feed';
import { SandboxState } from '../domain/state';
import { RequestJournal } from '../requests/journal';
import { SandboxChange, SandboxKnobs, SandboxNamespaces } from '../types';
import { Webhooks } from '../domain/webhooks';
import type { Scenario } from '../scenario/format';

/** What a handler may reach: the state, the knobs, the clock and the money services. */
export interface SandboxEnv {
  state: SandboxState;
  /** The knobs as requests read them (knobControl.raw). */
  knobs: SandboxKnobs;
  /** Changes the knobs and reports it (the admin API); a change made to `knobs` directly is told to it. */
  knobControl: Knobs;
  /** The request journal (GET /__sandbox/requests). */
  requests: RequestJournal;
  /** The virtual clock's time (epoch ms). */
  now(): number;
  startedAt: number;
  clock: VirtualClock;
  scheduler: Scheduler;
  ledger: Ledger;
  webhooks: Webhooks;
  /**
   * Resolves once every change made so far is on disk (at once without a state file); rejects
   * with 503 90006 when that write fails, its money changes undone (http/routes/money.ts moveMoney).
   */
  durable(): Promise<void>;
  /** Random per sandbox (the owner file names it; GET /__sandbox/health answers it). */
  instance: string;
  role: string;
  /** Calls `listener` after every change; returns the unsubscribe. */
  onChange(listener: (change: SandboxChange) => void): () => void;
  /** The streams of GET /__sandbox/watch. */
  feed: ChangeFeed;
  /** The scenario the sandbox started from, if any: GET /__sandbox/scenario writes the keys and passwords it fixed. */
  scenario?: Scenario;
  /** The sandbox's namespaces (the same registry in every env: worlds/namespaces.ts). */
  namespaces: NamespaceWorlds;
  /**
   * With allowRemote, what the root world's admin calls must carry (Authorization: Bearer), and
   * what unmasks any world's journal over HTTP (http/adminToken.ts). Every env of the sandbox has it.
   */
  adminToken?: string;
  /** The namespace's id when this env is one's; undefined for the sandbox's own world. */
  namespace?: string;
  /** Aborted when the sandbox closes: the admin API's waits (waitMs) end with it, so no timer outlives close(). */
  closing: AbortSignal;
  /** Puts the world back to where it started (Sandbox.reset): state, clock, scheduler, webhooks and ledger are new after it. */
  reset(): Promise<void>;
}

/** The namespaces as the server routes to them. */
export interface NamespaceWorlds extends SandboxNamespaces {
  /** The env of the namespace whose app key this is, if any: the only way a request reaches a namespace. */
  envForKey(key: string): SandboxEnv | undefined;
  /** Routes the namespace's keys as its apps hold them now (after a key reissue inside it). */
  keysChanged(id: string): void;
  /** How many transactions the wallets of every world hold (what generating is bounded by). */
  historySize(): number;
}

export interface RequestContext {
  env: SandboxEnv;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Reply {
  status?: number;
  body: unknown;
  /** Answers by itself instead (a stream that stays open): called with the response. */
  stream?: (res: ServerResponse) => void;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export type Match =
  { kind: 'found'; handler: Handler; params: Record<string, string> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

export function ok(data?: unknown, message?: string): Reply {
  return { body: { success: true, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) } };
}

/** Exact paths with `:name` segments; tells "no such path" (404) from "wrong method" (405). */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split('/'), handler });
    return this;
  }

  match(method: string, path: string): Match {
    const segments = path.split('/');
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) {
        continue;
      }
      if (route.method === method) {
        return { kind: 'found', handler: route.handler, params };
      }
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method', allowed } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) {
    return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = actual[i] as string;
    if (want.startsWith(':')) {
      if (got === '') {
        return undefined;
      }
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        throw invalid('The URL contains malformed percent-encoding');
      }
    } else if (want !== got) {
      return undefined;
    }
  }
  return params;
}

export function notFound(path: string): ApiError {
  return new ApiError(404, ErrorCode.notFound, `No endpoint at ${path.slice(0, 200)}`);
}

export function methodNotAllowed(method: string, allowed: string[]): ApiError {
  return new ApiError(405, ErrorCode.methodNotAllowed, `${method.slice(0, 20)} is not allowed here; use ${allowed.join(' or ')}`, {
    Allow: allowed.join(', '),
  });
}
