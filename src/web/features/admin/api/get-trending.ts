import { useQuery } from '@tanstack/react-query';
import type { TrendingItem } from '../../../../contract/curation.ts';
import { trendingQueryKey } from './query-keys.ts';

export function useTrendingItems() {
  return useQuery<TrendingItem[]>({ queryKey: trendingQueryKey, select: trendingItemsByRank });
}

export function trendingItemsByRank(items: TrendingItem[]) {
  return [...items].sort((a, b) => a.rank - b.rank || a.id - b.id);
}
