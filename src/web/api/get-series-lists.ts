import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { inLanguage } from '../../contract/languages.ts';
import type { Series } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

export const allSeriesQueryKey = ['/api/series'] as const;
export const newSeriesQueryKey = ['/api/series', 'new'] as const;

/** GET /api/series: the whole catalogue, in the viewer's language `lang`. */
export const getAllSeries = (lang: string, signal?: AbortSignal) =>
  apiRequest<Series[]>(inLanguage('/api/series', lang), { signal });
/** GET /api/series/new: the series marked new. */
export const getNewSeries = (lang: string, signal?: AbortSignal) =>
  apiRequest<Series[]>(inLanguage('/api/series/new', lang), { signal });

// After a language change, a list stays on screen in the old language until the new one arrives.
export const allSeriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...allSeriesQueryKey, { lang }],
    queryFn: ({ signal }) => getAllSeries(lang, signal),
    placeholderData: keepPreviousData,
  });

export const newSeriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...newSeriesQueryKey, { lang }],
    queryFn: ({ signal }) => getNewSeries(lang, signal),
    placeholderData: keepPreviousData,
  });

export function useAllSeries() {
  return useQuery(allSeriesQueryOptions(useCatalogueLanguage()));
}

export function useNewSeries() {
  return useQuery(newSeriesQueryOptions(useCatalogueLanguage()));
}
