import type { RequestRecord } from '../../../src/requests/requestRecord';
import type { ConnectedWallet } from './connectedWallet';
import { waitFor } from './waitFor';

/** The newest id in the sandbox's journal now: what a test's next request comes after. */
export async function journalMark(wallet: ConnectedWallet): Promise<number> {
  return (await wallet.admin.requests()).at(-1)?.id ?? 0;
}

/**
 * The Requests view's record of the request a test made after `mark` (journalMark): the
 * sandbox's first `method path` entry past the mark, once the view has read it. Never "the newest
 * record of that path the view holds": until the view has read the new request, that is an older
 * one, perhaps one another suite sent to staging or production (issue 51: a replay of it was
 * refused, a page showed "Production (live)").
 */
export async function recordedRequest(wallet: ConnectedWallet, mark: number, method: string, path: string): Promise<RequestRecord> {
  const what = `${method} ${path}`;
  const entry = await waitFor(`the sandbox's journal to hold a ${what} after request ${mark}`, async () =>
    (await wallet.admin.requests()).find((request) => request.id > mark && request.method === method && request.path === path),
  );
  return waitFor(`the Requests view to read request ${entry.id} (${what})`, () => wallet.api.requests.history.get(entry.id));
}
