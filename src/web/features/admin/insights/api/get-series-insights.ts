import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { InsightsRange, SeriesInsights } from '#contract/insights.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/insights/series/{id}: one series' figures over a range of days. */
export function getSeriesInsights(seriesId: number, range: InsightsRange, signal?: AbortSignal) {
  const query = new URLSearchParams(range);
  return apiRequest<SeriesInsights>(`/api/admin/insights/series/${seriesId}?${query}`, { signal });
}

export const seriesInsightsQueryOptions = (seriesId: number, range: InsightsRange) =>
  queryOptions({
    queryKey: ['/api/admin/insights/series', seriesId, range] as const,
    queryFn: ({ signal }) => getSeriesInsights(seriesId, range, signal),
  });

/** Waits while no series or no range is chosen (null). */
export function useSeriesInsights(seriesId: number | null, range: InsightsRange | null) {
  return useQuery({
    ...seriesInsightsQueryOptions(seriesId ?? 0, range ?? { from: '', to: '' }),
    enabled: seriesId !== null && range !== null,
  });
}
