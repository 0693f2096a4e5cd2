import type { SandboxEnv } from './env';
import { operation } from './operation';

// The integration review's reads and clear (docs/integration-review.md), defined once for Node,
// the admin API and the remote client; and what feeds a world's findings: its journal's entries
// and its webhook events' attempts.

export const findingOperations = {
  findings: operation({
    route: { method: 'GET', path: '/__sandbox/findings' },
    input: () => ({}),
    run: (env: SandboxEnv) => ({ findings: env.findings.list() }),
  }),
  clearFindings: operation({
    route: { method: 'DELETE', path: '/__sandbox/findings' },
    input: () => ({}),
    run: (env: SandboxEnv) => ({ cleared: env.findings.clear() }),
  }),
};

/**
 * Feeds the env's findings from its journal, in the order the requests arrived (a request whose
 * client gave up comes before the retry that followed it), and its webhook events (the env's
 * state is read at each change: it follows a reset).
 */
export function watchFindings(env: SandboxEnv): void {
  env.requests.onEachInOrder((entry) => env.findings.exchange(entry));
  env.findings.ledger = (mobile, reference) => {
    const transaction = env.state.wallet(mobile)?.find(reference);
    if (!transaction || transaction.direction === 'credit') return undefined;
    return { amount: transaction.amount, returned: env.state.transfers.get(reference)?.status === 'failed' };
  };
  env.onChange((change) => {
    for (const { id } of change.events) {
      const event = env.state.events.get(id);
      if (event) env.findings.event(event);
    }
  });
}
