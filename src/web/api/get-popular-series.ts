import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { inLanguage } from '../../contract/languages.ts';
import type { Series } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

export const popularSeriesQueryKey = ['/api/series', 'popular'] as const;

/** GET /api/series/popular: the catalogue, most liked first, in the viewer's language `lang`. */
export const getPopularSeries = (lang: string, signal?: AbortSignal) =>
  apiRequest<Series[]>(inLanguage('/api/series/popular', lang), { signal });

export const popularSeriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...popularSeriesQueryKey, { lang }],
    queryFn: ({ signal }) => getPopularSeries(lang, signal),
    // After a language change the list stays on screen in the old one until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function usePopularSeries() {
  return useQuery(popularSeriesQueryOptions(useCatalogueLanguage()));
}
