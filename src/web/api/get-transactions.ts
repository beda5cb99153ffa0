import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { LedgerEntry } from '#contract/wallet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/**
 * GET /api/user/{userId}/transactions: the wallet ledger, newest first. Only the account page shows it, but it
 * stays here, beside the wallet's writes (a purchase, an unlock, a check-in), which refresh it.
 */
export const getTransactions = (signal?: AbortSignal) =>
  apiRequest<LedgerEntry[]>(`/api/user/${VIEWER_USER_ID}/transactions`, { signal });

export const transactionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'transactions'] as const,
    queryFn: ({ signal }) => getTransactions(signal),
    ...userDataFreshness,
  });

export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
