import { queryOptions, useQuery, type QueryFilters } from '@tanstack/react-query';
import { inLanguage } from '../../contract/languages.ts';
import type { Series } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

/** `lang` null: the original text, as operators edit it. */
export const seriesQueryKey = (id: number | string, lang: string | null) =>
  ['/api/series', String(id), { lang }] as const;

/** One series in every language the app has read it in (and not its episodes, whose key starts the same). */
export const seriesInEveryLanguage = (id: number | string): QueryFilters => ({
  queryKey: ['/api/series', String(id)],
  predicate: (query) => query.queryKey.length === 3 && typeof query.queryKey[2] === 'object',
});

/** GET /api/series/{id} in the viewer's language `lang`. */
export const seriesQueryOptions = (id: number | string, lang: string | null) =>
  queryOptions({
    queryKey: seriesQueryKey(id, lang),
    queryFn: ({ signal }) =>
      apiRequest<Series>(lang ? inLanguage(`/api/series/${id}`, lang) : `/api/series/${id}`, { signal }),
    // After a language change the series stays on screen in the old one until the new one arrives.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === String(id) ? previous : undefined),
  });

export function useSeries(id: number | string) {
  return useQuery(seriesQueryOptions(id, useCatalogueLanguage()));
}

/** The series as operators edit it, whatever the dashboard's language. */
export function useOriginalSeries(id: number | string) {
  return useQuery(seriesQueryOptions(id, null));
}
