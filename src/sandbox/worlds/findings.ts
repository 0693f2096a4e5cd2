import * as v from 'valibot';
import type { SandboxEnv } from './env';
import { arrayOf, object, ref } from './answers';
import { operation } from './operation';

// The integration review's reads and clear (docs/integration-review.md), defined once for Node,
// the admin API and the remote client; and what feeds a world's findings: its journal's entries
// and its webhook events' attempts.

export const findingOperations = {
  findings: operation({
    route: { method: 'GET', path: '/__sandbox/findings' },
    accepts: v.strictObject({}),
    doc: {
      id: 'findings',
      summary: 'What the app under test did wrong, oldest first (the integration review)',
      description:
        'Computed as traffic arrives: each request the world answers and each webhook attempt it makes (docs/integration-review.md). ' +
        "A world keeps its last 500 findings; a reset or DELETE empties them. A namespace's are reached with its key as X-App-Key.",
      answer: object({ findings: arrayOf(ref('Finding')) }),
    },
    run: (env: SandboxEnv) => ({ findings: env.findings.list() }),
  }),
  clearFindings: operation({
    route: { method: 'DELETE', path: '/__sandbox/findings' },
    accepts: v.strictObject({}),
    doc: {
      id: 'clearFindings',
      summary: 'Forgets the findings (and what the rules remembered)',
      answer: object({ cleared: { type: 'integer', minimum: 0, description: 'How many findings there were.' } }),
    },
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
