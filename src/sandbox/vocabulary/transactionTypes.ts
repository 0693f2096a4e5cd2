// The transaction types, apart from the other public shapes (types.ts) so that the scenario
// format, which types.ts names, can list them without an import cycle.

export type TransactionType = 'bank' | 'phone' | 'bills' | 'bvn' | 'vtu';

export const TRANSACTION_TYPES: readonly TransactionType[] = ['bank', 'phone', 'bills', 'bvn', 'vtu'];
