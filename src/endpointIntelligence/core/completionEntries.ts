// What path completion offers: every path of the API with its methods and summaries.

import type { Catalog } from './catalog';

export interface CompletionEntry {
  path: string;
  /** `GET, POST` */
  methods: string;
  /** One line per method: `GET: Wallet balance in kobo`. */
  summary: string;
}

export function completionEntries(catalog: Catalog): CompletionEntry[] {
  return catalog.endpoints.map((endpoint) => ({
    path: endpoint.path,
    methods: endpoint.operations.map((operation) => operation.method).join(', '),
    summary: endpoint.operations.map((operation) => `${operation.method}: ${operation.summary}`).join('\n'),
  }));
}
