import * as http from 'node:http';
import { webhookLookup, webhookTargetRefusal } from './webhookTarget';

// One webhook POST: status and the start of the answer, or why none came. A fresh connection
// each time (no agent), so nothing of the receiver's lingers after the sandbox closes.

export const EXCERPT_CHARS = 500;

export interface PostResult {
  status: number; // 0 when no answer came
  excerpt: string;
  error?: string;
}

export async function postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  // A URL set before its host was refused (an old state file) is not followed either.
  if (webhookTargetRefusal(url)) return { status: 0, excerpt: '', error: 'EWEBHOOKTARGET' };
  const target = new URL(url);
  // node:https (and TLS) only for an https receiver: loaded at start, it is a twentieth of the CLI's start-up.
  const send = target.protocol === 'https:' ? (await import('node:https')).request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: PostResult): void => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(result);
      }
    };
    const req = send(target, {
      method: 'POST',
      agent: false,
      lookup: webhookLookup,
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const timer = setTimeout(() => {
      done({ status: 0, excerpt: '', error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      let excerpt = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (excerpt.length < EXCERPT_CHARS) {
          excerpt += chunk;
        }
      });
      const finish = (): void => done({ status: res.statusCode ?? 0, excerpt: excerpt.slice(0, EXCERPT_CHARS) });
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, excerpt: '', error: error.code ?? error.message }));
    req.end(body);
  });
}
