import { invalid } from '../vocabulary/errors';
import { atLeast, SEVERITIES, type Finding, type FindingSeverity, type FindingsQuery } from '../findings/finding';
import type { SandboxEnv } from './env';
import type { RawInput } from './input';
import { operation } from './operation';

// The integration review's reads and clear (docs/integration-review.md), defined once for Node,
// the admin API and the remote client; and what feeds a world's findings: its journal's entries
// and its webhook events' attempts.

const SCOPES = ['world', 'run'] as const;

/** The read's input: `scope` and `severity`, each one of its words. */
export function findingsQueryInput(raw: RawInput): FindingsQuery {
  const { scope, severity } = raw;
  if (scope !== undefined && !SCOPES.includes(scope as 'world')) throw invalid(`scope must be ${SCOPES.join(' or ')}`);
  if (severity !== undefined && !SEVERITIES.includes(severity as FindingSeverity)) {
    throw invalid(`severity must be ${SEVERITIES.join(', ')}`);
  }
  return {
    ...(scope === undefined ? {} : { scope: scope as 'world' | 'run' }),
    ...(severity === undefined ? {} : { severity: severity as FindingSeverity }),
  };
}

/**
 * The findings the query asks for, as they are now (what waits is judged once its grace has
 * passed). The run's, for a namespace, are its own; for the sandbox's world, every world's.
 */
export function findingsNow(env: SandboxEnv, query: FindingsQuery = {}): Finding[] {
  env.findings.judge();
  const run = env.findings.run;
  const found = query.scope === 'run' && run ? run.list(env.namespace) : env.findings.list();
  return query.severity === undefined ? found : found.filter((finding) => atLeast(finding, query.severity!));
}

/** The same, once what waits (a requery after a webhook, after an unheard transfer) was judged, its grace given. */
export async function settledFindings(env: SandboxEnv, query: FindingsQuery = {}): Promise<Finding[]> {
  const run = env.findings.run;
  await (query.scope === 'run' && env.namespace === undefined && run ? run.settled() : env.findings.settled());
  return findingsNow(env, query);
}

export const findingOperations = {
  findings: operation({
    route: { method: 'GET', path: '/__sandbox/findings', query: ['scope', 'severity'] },
    input: findingsQueryInput,
    run: async (env: SandboxEnv, query: FindingsQuery) => ({ findings: await settledFindings(env, query) }),
  }),
  clearFindings: operation({
    route: { method: 'DELETE', path: '/__sandbox/findings' },
    input: () => ({}),
    run: (env: SandboxEnv) => ({ cleared: env.findings.clear() }),
  }),
};

/** Feeds the env's findings from its journal and its webhook events (the env's state is read at each change: it follows a reset). */
export function watchFindings(env: SandboxEnv): void {
  env.requests.onChange(({ added }) => added && env.findings.exchange(added));
  env.onChange((change) => {
    for (const { id } of change.events) {
      const event = env.state.events.get(id);
      if (event) env.findings.event(event);
    }
  });
}
