import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { SeriesLanguages } from '#contract/translations.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/series-languages: the languages each translated series has, by series id. */
export const getSeriesLanguages = (signal?: AbortSignal) =>
  apiRequest<SeriesLanguages>('/api/admin/series-languages', { signal });

export const seriesLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/series-languages'] as const,
    queryFn: ({ signal }) => getSeriesLanguages(signal),
  });

export function useSeriesLanguages(signedIn: boolean) {
  return useQuery({
    ...seriesLanguagesQueryOptions(),
    select: (rows: SeriesLanguages) => new Map(rows.map((row) => [row.seriesId, row.languages])),
    enabled: signedIn,
  });
}
