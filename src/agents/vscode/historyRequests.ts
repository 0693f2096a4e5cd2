import type { RecentRequest, RecentRequests } from '../tools/context';
import type { RequestHistory } from '../../requests/requestHistory';
import { senderText } from '../../requests/sender';

/**
 * "Recent requests" for the agent tools: the Requests view's history, whatever the view's
 * filter, so an agent sees what the developer sees (this extension's requests to any
 * environment and every client's requests to the local sandbox), masked like the view.
 */
export class HistoryRecentRequests implements RecentRequests {
  constructor(private readonly history: RequestHistory) {}

  recent(limit: number): RecentRequest[] {
    return this.history.newest(limit).map((record) => ({
      at: record.at,
      method: record.method,
      path: record.path,
      status: record.status,
      durationMs: record.durationMs,
      client: senderText(record),
    }));
  }
}
