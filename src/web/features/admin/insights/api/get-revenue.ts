import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { InsightsRange } from '#contract/insights.ts';
import type { RevenueReply } from '#contract/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/insights/revenue: real money per day and currency (paid minus refunded), the preview apart. */
export function getRevenue(range: InsightsRange, signal?: AbortSignal) {
  return apiRequest<RevenueReply>(`/api/admin/insights/revenue?${new URLSearchParams(range)}`, { signal });
}

export const revenueQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: ['/api/admin/insights/revenue', range] as const,
    queryFn: ({ signal }) => getRevenue(range, signal),
  });

export function useRevenue(range: InsightsRange) {
  return useQuery(revenueQueryOptions(range));
}
