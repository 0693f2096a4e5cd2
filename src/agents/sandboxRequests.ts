import type { LocalSandbox } from '../auth/localSandbox';
import type { RecentRequest, RecentRequests } from '../tools/context';

/**
 * "Recent requests" from the local sandbox's own request log, until the Requests view's
 * history (src/traffic) replaces it: empty until the sandbox has started, and it sees only
 * requests to the local sandbox.
 */
export class SandboxRequestLog implements RecentRequests {
  constructor(private readonly sandbox: LocalSandbox) {}

  recent(limit: number): RecentRequest[] {
    const log = this.sandbox.current?.requests ?? [];
    return log
      .slice(-limit)
      .reverse()
      .map(({ at, method, path, status }) => ({ at, method, path, status }));
  }
}
