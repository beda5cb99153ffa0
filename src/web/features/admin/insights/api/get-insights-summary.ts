import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { InsightsRange, InsightsSummary } from '#contract/insights.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/insights/summary: the whole catalogue's figures over a range of days. */
export function getInsightsSummary(range: InsightsRange, signal?: AbortSignal) {
  const query = new URLSearchParams(range);
  return apiRequest<InsightsSummary>(`/api/admin/insights/summary?${query}`, { signal });
}

export const insightsSummaryQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: ['/api/admin/insights/summary', range] as const,
    queryFn: ({ signal }) => getInsightsSummary(range, signal),
  });

/** Waits while no range is chosen (null). */
export function useInsightsSummary(range: InsightsRange | null) {
  return useQuery({ ...insightsSummaryQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
}
