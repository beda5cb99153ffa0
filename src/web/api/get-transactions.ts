import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import type { LedgerEntry } from '../../contract/wallet.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/transactions: the wallet ledger, newest first (replaces SPEC's sample rows). */
export const transactionsQueryKey = ['/api/user', VIEWER_USER_ID, 'transactions'] as const;

export const transactionsQueryOptions = queryOptions<LedgerEntry[]>({
  queryKey: transactionsQueryKey,
  ...userDataFreshness,
});

export function useTransactions() {
  return useQuery(transactionsQueryOptions);
}
