import { useEffect, useRef } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Genre } from '../../contract/constants.ts';
import type { SeriesPage } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

export const SEARCH_PAGE_SIZE = 24;

export interface SeriesSearch {
  q: string;
  genre: Genre | null;
  /** The viewer's language: results come in it. */
  lang: string;
}

/** GET /api/series/search: the server searches and ranks; each page continues from the previous one's cursor. */
export const searchSeries = (search: SeriesSearch, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(SEARCH_PAGE_SIZE) });
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.genre) params.set('genre', search.genre);
  if (cursor) params.set('cursor', cursor);
  params.set('lang', search.lang);
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

/** A ref for an element at the end of a list: when it scrolls into view, the next page is fetched. */
export function useLoadMoreWhenVisible(loadMore: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, active]);
  return sentinel;
}
