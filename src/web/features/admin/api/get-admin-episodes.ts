import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { QueryClient } from '#web/lib/query/query-client.ts';
import type { AdminEpisode } from '#contract/episodes.ts';
import { episodeQueryOptions } from '#web/api/get-episode.ts';
import { episodesQueryOptions } from '#web/api/get-episodes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** How often the list is read again while a transcode is waiting or running. */
export const TRANSCODE_POLL_MS = 1500;

export const isTranscoding = (episode: AdminEpisode) =>
  episode.media.status === 'queued' || episode.media.status === 'processing';

/** GET /api/series/{id}/episodes/admin: the episodes with the state of their newest transcode. */
export const getAdminEpisodes = (seriesId: number, signal?: AbortSignal) =>
  apiRequest<AdminEpisode[]>(`/api/series/${seriesId}/episodes/admin`, { signal });

/**
 * Below the viewer's episode list key, so refreshing that list refreshes this one too. It is polled only while
 * some transcode is queued or processing, and stops once all have ended or a read fails.
 */
export const adminEpisodesQueryOptions = (seriesId: number) =>
  queryOptions({
    queryKey: [...episodesQueryOptions(seriesId).queryKey, 'admin'] as const,
    queryFn: ({ signal }) => getAdminEpisodes(seriesId, signal),
    refetchInterval: (query) =>
      query.state.status === 'success' && query.state.data?.some(isTranscoding) ? TRANSCODE_POLL_MS : false,
  });

export function useAdminEpisodes(seriesId: number) {
  return useQuery(adminEpisodesQueryOptions(seriesId));
}

/** An episode's number, title or video changed: the viewer's lists and page of it follow. */
export function refreshEpisode(queryClient: QueryClient, seriesId: number, episodeId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: episodesQueryOptions(seriesId).queryKey }),
    queryClient.invalidateQueries({ queryKey: episodeQueryOptions(episodeId).queryKey }),
  ]);
}
