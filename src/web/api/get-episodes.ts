import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { Episode } from '#contract/series.ts';
import { episodesUrl } from '#contract/read-urls.ts';
import { apiRequest } from '../lib/api-client.ts';
import { catalogueQueryKey } from './get-series.ts';

/** GET /api/series/{id}/episodes: a series' episodes, in order. */
export const getEpisodes = (seriesId: number | string, signal?: AbortSignal) =>
  apiRequest<Episode[]>(episodesUrl(seriesId), { signal });

export const episodesQueryOptions = (seriesId: number | string) =>
  queryOptions({
    queryKey: [...catalogueQueryKey, String(seriesId), 'episodes'] as const,
    queryFn: ({ signal }) => getEpisodes(seriesId, signal),
  });

export function useEpisodes(seriesId: number | string | undefined) {
  return useQuery({ ...episodesQueryOptions(seriesId ?? ''), enabled: seriesId !== undefined && seriesId !== '' });
}
