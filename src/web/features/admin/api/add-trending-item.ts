import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { INITIAL_MATCH_MAX, INITIAL_MATCH_MIN } from '#contract/constants.ts';
import type { TrendingItem } from '#contract/curation.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTrending } from './refresh-catalogue.ts';

export interface AddTrendingItemInput {
  seriesId: number;
  rank: number;
}

/** A new trending item starts with a random match between 85 and 99. */
export function initialMatchPercentage(random = Math.random) {
  return INITIAL_MATCH_MIN + Math.floor(random() * (INITIAL_MATCH_MAX - INITIAL_MATCH_MIN + 1));
}

export function addTrendingItem({ seriesId, rank }: AddTrendingItemInput) {
  return apiRequest<TrendingItem>('/api/trending', {
    method: 'POST',
    body: { seriesId, rank, matchPercentage: initialMatchPercentage(), isActive: true },
  });
}

export function useAddTrendingItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addTrendingItem, onSuccess: () => refreshTrending(queryClient) });
}
