import { useQuery } from '@tanstack/react-query';
import type { InsightsRange, InsightsSummary } from '../../../../../contract/insights.ts';
import { apiRequest } from '../../../../lib/api-client.ts';

export const insightsSummaryQueryKey = (range: InsightsRange) => ['/api/admin/insights/summary', range] as const;

export function getInsightsSummary(range: InsightsRange) {
  const query = new URLSearchParams(range);
  return apiRequest<InsightsSummary>(`/api/admin/insights/summary?${query}`);
}

export function useInsightsSummary(range: InsightsRange | null) {
  return useQuery({
    queryKey: insightsSummaryQueryKey(range ?? { from: '', to: '' }),
    queryFn: () => getInsightsSummary(range!),
    enabled: range !== null,
  });
}
