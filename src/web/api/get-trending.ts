import { keepPreviousData, queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { TRENDING_MAX_ITEMS } from '#contract/constants.ts';
import type { TrendingItem } from '#contract/curation.ts';
import { inLanguage } from '#contract/languages.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

/** GET /api/trending: the curated Trending Now list, in the viewer's language `lang`, else as operators wrote it. */
export const getTrending = (lang?: string, signal?: AbortSignal) =>
  apiRequest<TrendingItem[]>(lang ? inLanguage('/api/trending', lang) : '/api/trending', { signal });

/** Without a language, the key is also the prefix of every language's: refreshing it refreshes them all. */
export const trendingQueryOptions = (lang?: string) =>
  queryOptions({
    queryKey: lang ? (['/api/trending', { lang }] as const) : (['/api/trending'] as const),
    queryFn: ({ signal }) => getTrending(lang, signal),
    // After a language change the list stays on screen in the old one until the new one arrives.
    placeholderData: keepPreviousData,
  });

/** What viewers see: the active items by rank, at most TRENDING_MAX_ITEMS. */
export function useTrending() {
  return useQuery({
    ...trendingQueryOptions(useCatalogueLanguage()),
    select: (items: TrendingItem[]) =>
      items
        .filter((item) => item.isActive)
        .sort((a, b) => a.rank - b.rank)
        .slice(0, TRENDING_MAX_ITEMS),
  });
}

/** The dashboard's list: every item by rank. */
export function useTrendingItems() {
  return useQuery({ ...trendingQueryOptions(), select: trendingItemsByRank });
}

function trendingItemsByRank(items: TrendingItem[]) {
  return [...items].sort((a, b) => a.rank - b.rank || a.id - b.id);
}
