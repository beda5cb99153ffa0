import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { Query } from '#web/lib/query/query.ts';
import type { QueryFilters } from '#web/lib/query/query-client.ts';
import type { Series } from '#contract/series.ts';
import { seriesUrl } from '#contract/read-urls.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

/**
 * Every read of the catalogue's series has a key under this one (a series, its episodes, the lists, the
 * dashboard's searches and figures), so that the dashboard's refresh after a change reaches them all.
 */
export const catalogueQueryKey = ['/api/series'] as const;

/** GET /api/series/{id} in the viewer's language `lang`; `lang` null: the original text, as operators edit it. */
export const getSeries = (id: number | string, lang: string | null, signal?: AbortSignal) =>
  apiRequest<Series>(lang ? seriesUrl(id, lang) : `/api/series/${id}`, { signal });

export const seriesQueryOptions = (id: number | string, lang: string | null) =>
  queryOptions({
    queryKey: [...catalogueQueryKey, String(id), { lang }] as const,
    queryFn: ({ signal }) => getSeries(id, lang, signal),
    // After a language change the series stays on screen in the old one until the new one arrives.
    placeholderData: (previous: Series | undefined, previousQuery: Query | undefined) =>
      previousQuery?.queryKey[1] === String(id) ? previous : undefined,
  });

/** One series in every language the app has read it in (and not its episodes, whose key starts the same). */
export const seriesInEveryLanguage = (id: number | string): QueryFilters => ({
  queryKey: [...catalogueQueryKey, String(id)],
  predicate: (query) => query.queryKey.length === 3 && typeof query.queryKey[2] === 'object',
});

export function useSeries(id: number | string) {
  return useQuery(seriesQueryOptions(id, useCatalogueLanguage()));
}

/** The series as operators edit it, whatever the dashboard's language. */
export function useOriginalSeries(id: number | string) {
  return useQuery(seriesQueryOptions(id, null));
}
