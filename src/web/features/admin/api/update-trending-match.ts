import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { TrendingItem } from '#contract/curation.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTrending } from './refresh-catalogue.ts';

export interface UpdateTrendingMatchInput {
  id: number;
  matchPercentage: number;
}

export function updateTrendingMatch({ id, matchPercentage }: UpdateTrendingMatchInput) {
  return apiRequest<TrendingItem>(`/api/trending/${id}`, { method: 'PUT', body: { matchPercentage } });
}

export function useUpdateTrendingMatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTrendingMatch, onSuccess: () => refreshTrending(queryClient) });
}
