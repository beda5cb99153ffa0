import { useQuery } from '@tanstack/react-query';
import type { InsightsRange, SeriesInsights } from '../../../../../contract/insights.ts';
import { apiRequest } from '../../../../lib/api-client.ts';

export const seriesInsightsQueryKey = (seriesId: number, range: InsightsRange) =>
  ['/api/admin/insights/series', seriesId, range] as const;

export function getSeriesInsights(seriesId: number, range: InsightsRange) {
  const query = new URLSearchParams(range);
  return apiRequest<SeriesInsights>(`/api/admin/insights/series/${seriesId}?${query}`);
}

export function useSeriesInsights(seriesId: number | null, range: InsightsRange | null) {
  return useQuery({
    queryKey: seriesInsightsQueryKey(seriesId ?? 0, range ?? { from: '', to: '' }),
    queryFn: () => getSeriesInsights(seriesId!, range!),
    enabled: seriesId !== null && range !== null,
  });
}
