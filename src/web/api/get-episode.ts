import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { Episode } from '#contract/series.ts';
import { episodeUrl } from '#contract/read-urls.ts';
import { apiRequest } from '../lib/api-client.ts';

/** GET /api/episodes/{id}: one episode, with its video's address once it may be watched. */
export const getEpisode = (episodeId: number | string, signal?: AbortSignal) =>
  apiRequest<Episode>(episodeUrl(episodeId), { signal });

export const episodeQueryOptions = (episodeId: number | string) =>
  queryOptions({
    queryKey: ['/api/episodes', String(episodeId)] as const,
    queryFn: ({ signal }) => getEpisode(episodeId, signal),
  });

export function useEpisode(episodeId: number | string) {
  return useQuery(episodeQueryOptions(episodeId));
}
