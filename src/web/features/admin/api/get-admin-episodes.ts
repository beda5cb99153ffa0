import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminEpisode } from '../../../../contract/episodes.ts';
import { episodeQueryKey } from '../../../api/get-episode.ts';
import { episodesQueryKey } from '../../../api/get-episodes.ts';

/** Below the viewer's episode list key, so refreshing that list refreshes this one too. */
export const adminEpisodesQueryKey = (seriesId: number) => [...episodesQueryKey(seriesId), 'admin'] as const;

/** How often the list is read again while a transcode is waiting or running. */
export const TRANSCODE_POLL_MS = 1500;

export const isTranscoding = (episode: AdminEpisode) =>
  episode.media.status === 'queued' || episode.media.status === 'processing';

/**
 * GET /api/series/{id}/episodes/admin: the episodes with the state of their newest transcode. It is
 * polled only while some transcode is queued or processing, and stops once all have ended or a read fails.
 */
export function useAdminEpisodes(seriesId: number) {
  return useQuery<AdminEpisode[]>({
    queryKey: adminEpisodesQueryKey(seriesId),
    refetchInterval: (query) =>
      query.state.status === 'success' && query.state.data?.some(isTranscoding) ? TRANSCODE_POLL_MS : false,
  });
}

/** An episode's number, title or video changed: the viewer's lists and page of it follow. */
export function refreshEpisode(queryClient: QueryClient, seriesId: number, episodeId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: episodesQueryKey(seriesId) }),
    queryClient.invalidateQueries({ queryKey: episodeQueryKey(episodeId) }),
  ]);
}
