import { keepPreviousData, queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { inLanguage } from '#contract/languages.ts';
import { SERIES_BY_ID_MAX } from '#contract/series-lists.ts';
import type { Series } from '#contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';
import { catalogueQueryKey } from './get-series.ts';

/**
 * GET /api/series/by-id: the series of these ids that exist, in that order, a hundred ids a request, in the viewer's
 * language `lang`.
 */
export async function getSeriesById(ids: readonly number[], lang: string, signal?: AbortSignal): Promise<Series[]> {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += SERIES_BY_ID_MAX) {
    chunks.push(ids.slice(start, start + SERIES_BY_ID_MAX));
  }
  const answers = await Promise.all(
    chunks.map((chunk) =>
      apiRequest<Series[]>(inLanguage(`/api/series/by-id?ids=${chunk.join(',')}`, lang), { signal }),
    ),
  );
  return answers.flat();
}

export const seriesByIdQueryOptions = (ids: readonly number[], lang: string) =>
  queryOptions({
    queryKey: [...catalogueQueryKey, 'by-id', ids.join(','), { lang }] as const,
    queryFn: ({ signal }) => (ids.length ? getSeriesById(ids, lang, signal) : Promise.resolve([])),
    // A like or a bookmark changes the ids: the list keeps showing until the new answer is in.
    placeholderData: keepPreviousData,
  });

/** The series a library or account list names; waits while the ids are still loading (undefined). */
export function useSeriesById(ids: readonly number[] | undefined) {
  const wanted = [...new Set(ids ?? [])];
  return useQuery({ ...seriesByIdQueryOptions(wanted, useCatalogueLanguage()), enabled: ids !== undefined });
}
