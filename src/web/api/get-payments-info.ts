import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { PaymentsInfo } from '#contract/wallet.ts';
import { apiRequest } from '../lib/api-client.ts';

/** GET /api/payments: whether purchases are charged here (a payment provider) or the preview's, free. */
export const getPaymentsInfo = (signal?: AbortSignal) => apiRequest<PaymentsInfo>('/api/payments', { signal });

export const paymentsInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/payments'] as const,
    queryFn: ({ signal }) => getPaymentsInfo(signal),
    staleTime: Infinity,
  });

export function usePaymentsInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentsInfoQueryOptions(), enabled: options.enabled ?? true });
}
