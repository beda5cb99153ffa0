import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TRENDING_MAX_ITEMS } from '../../contract/constants.ts';
import type { TrendingItem } from '../../contract/curation.ts';
import { inLanguage } from '../../contract/languages.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

export const trendingQueryKey = ['/api/trending'] as const;

/** GET /api/trending: the curated Trending Now list (at most 7), by rank, in the viewer's language `lang`. */
export const getTrending = (lang: string, signal?: AbortSignal) =>
  apiRequest<TrendingItem[]>(inLanguage('/api/trending', lang), { signal });

export const trendingQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...trendingQueryKey, { lang }],
    queryFn: ({ signal }) => getTrending(lang, signal),
    // After a language change the list stays on screen in the old one until the new one arrives.
    placeholderData: keepPreviousData,
    select: (items) =>
      items
        .filter((item) => item.isActive)
        .sort((a, b) => a.rank - b.rank)
        .slice(0, TRENDING_MAX_ITEMS),
  });

export function useTrending() {
  return useQuery(trendingQueryOptions(useCatalogueLanguage()));
}
