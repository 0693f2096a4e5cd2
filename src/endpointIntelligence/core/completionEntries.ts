// What path completion offers: every path of the API with its methods and summaries, the paths an
// app's own code calls (its wallets, their transactions, the bank queries) before the developer
// account's (sign-up, resource auth, apps), which a shop's code rarely names.

import type { Catalog } from './catalog';

export interface CompletionEntry {
  path: string;
  /** `GET, POST` */
  methods: string;
  /** The first method's summary: `GET: Wallet balance in kobo`. */
  detail: string;
  /** The other methods' summaries, one line each (undefined for a path with one method: the detail says it all). */
  documentation?: string;
  /** Orders the list: the wallet's own paths first, then the developer account's. */
  sortText: string;
}

/** The order of a path's first segment after /v1/: what an app calls most, first. */
const GROUP_ORDER = ['users', 'transactions', 'queries', 'apps', 'auth', 'resource'];

function group(path: string): number {
  const index = GROUP_ORDER.indexOf(path.split('/')[2] ?? '');
  return index < 0 ? GROUP_ORDER.length : index;
}

export function completionEntries(catalog: Catalog): CompletionEntry[] {
  return catalog.endpoints.map((endpoint) => {
    const summaries = endpoint.operations.map((operation) => `${operation.method}: ${operation.summary}`);
    return {
      path: endpoint.path,
      methods: endpoint.operations.map((operation) => operation.method).join(', '),
      detail: summaries[0] ?? '',
      documentation: summaries.length > 1 ? summaries.slice(1).join('\n') : undefined,
      sortText: `${group(endpoint.path)}${endpoint.path}`,
    };
  });
}
