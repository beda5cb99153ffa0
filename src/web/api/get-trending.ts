import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRENDING_MAX_ITEMS } from '../../contract/constants.ts';
import type { TrendingItem } from '../../contract/curation.ts';
import { apiRequest } from '../lib/api-client.ts';

export const trendingQueryKey = ['/api/trending'] as const;

/** GET /api/trending: the curated Trending Now list (at most 7), by rank. */
export const getTrending = (signal?: AbortSignal) => apiRequest<TrendingItem[]>('/api/trending', { signal });

export const trendingQueryOptions = () =>
  queryOptions({
    queryKey: trendingQueryKey,
    queryFn: ({ signal }) => getTrending(signal),
    select: (items) =>
      items
        .filter((item) => item.isActive)
        .sort((a, b) => a.rank - b.rank)
        .slice(0, TRENDING_MAX_ITEMS),
  });

export function useTrending() {
  return useQuery(trendingQueryOptions());
}
