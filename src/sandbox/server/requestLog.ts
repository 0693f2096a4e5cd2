import { ServerResponse } from 'node:http';
import { SandboxEnv } from '../router';
import { MAX_RECORDED_REQUESTS } from '../types';

/** The request log is cut back to MAX_RECORDED_REQUESTS once it is this much longer. */
const TRIM_BATCH = 1_000;

/** Adds the request to env.requests once it is answered (status 0 when the connection dropped). */
export function recordRequest(env: SandboxEnv, res: ServerResponse, method: string, path: string, query: string): void {
  const entry = { method, path, query, status: 0, at: env.now() };
  let done = false;
  const finish = (status: number): void => {
    if (done) {
      return;
    }
    done = true;
    entry.status = status;
    env.requests.push(entry);
    // Trimmed in batches: dropping the oldest entry on every request would move 10,000 entries each time.
    if (env.requests.length >= MAX_RECORDED_REQUESTS + TRIM_BATCH) {
      env.requests.splice(0, env.requests.length - MAX_RECORDED_REQUESTS);
    }
  };
  res.on('finish', () => finish(res.statusCode));
  // A dropped connection never finishes; it is recorded with status 0.
  res.on('close', () => finish(res.writableFinished ? res.statusCode : 0));
}
