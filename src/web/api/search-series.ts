import { infiniteQueryOptions, useInfiniteQuery } from '#web/lib/query/use-infinite-query.ts';
import { SERIES_PAGE_SIZE, type Genre } from '#contract/constants.ts';
import type { SeriesPage } from '#contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

export interface SeriesSearch {
  q: string;
  genre: Genre | null;
  /** The viewer's language: results come in it. Without it (the dashboard), in their original language. */
  lang?: string;
  /** Leave out the series already in the carousel, or already trending (the dashboard's pickers). */
  notIn?: 'carousel' | 'trending';
  limit?: number;
}

/** GET /api/series/search: the server searches and ranks; each page continues from the previous one's cursor. */
export const searchSeries = (search: SeriesSearch, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(search.limit ?? SERIES_PAGE_SIZE) });
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.genre) params.set('genre', search.genre);
  if (search.notIn) params.set('notIn', search.notIn);
  if (cursor) params.set('cursor', cursor);
  if (search.lang) params.set('lang', search.lang);
  return apiRequest<SeriesPage>(`/api/series/search?${params}`, { signal });
};

export const seriesSearchQueryOptions = (search: SeriesSearch) =>
  infiniteQueryOptions({
    queryKey: ['/api/series/search', search.q.trim(), search.genre, search.lang] as const,
    queryFn: ({ pageParam, signal }) => searchSeries(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSeriesSearch(search: Omit<SeriesSearch, 'lang'>, enabled: boolean) {
  const lang = useCatalogueLanguage();
  return useInfiniteQuery({ ...seriesSearchQueryOptions({ ...search, lang }), enabled });
}
