import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { QueryClient } from '#web/lib/query/query-client.ts';
import type { SeriesTranslation } from '#contract/translations.ts';
import { catalogueQueryKey } from '#web/api/get-series.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { seriesLanguagesQueryOptions } from './get-series-languages.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

/** GET /api/series/{id}/translations: a series' text in each language it was translated into. */
export const getSeriesTranslations = (seriesId: number, signal?: AbortSignal) =>
  apiRequest<SeriesTranslation[]>(`/api/series/${seriesId}/translations`, { signal });

export const seriesTranslationsQueryOptions = (seriesId: number) =>
  queryOptions({
    queryKey: [...catalogueQueryKey, String(seriesId), 'translations'] as const,
    queryFn: ({ signal }) => getSeriesTranslations(seriesId, signal),
  });

export function useSeriesTranslations(seriesId: number | undefined) {
  return useQuery({ ...seriesTranslationsQueryOptions(seriesId ?? 0), enabled: seriesId !== undefined });
}

/** A translation changes the series' row, its languages and what viewers of that language read. */
export function refreshTranslations(queryClient: QueryClient, seriesId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: seriesTranslationsQueryOptions(seriesId).queryKey }),
    queryClient.invalidateQueries({ queryKey: seriesLanguagesQueryOptions().queryKey }),
    refreshCatalogue(queryClient),
  ]);
}

export const translationUrl = (seriesId: number, language: string) =>
  `/api/series/${seriesId}/translations/${encodeURIComponent(language)}`;
