import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { EpisodePlayback } from '#contract/episodes.ts';
import { episodePlaybackUrl } from '#contract/read-urls.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** A token is asked for again this long before it expires, so an element given the episode gets one that still works. */
const RENEW_MS = 60_000;

/**
 * GET /api/episodes/{id}/playback: the address an episode that can be locked plays from (its token checked by
 * the server once, not per segment). Fresh until shortly before its token expires.
 */
export const episodePlaybackQueryOptions = (episodeId: number) =>
  queryOptions({
    queryKey: ['/api/episodes', episodeId, 'playback'] as const,
    queryFn: ({ signal }) => apiRequest<EpisodePlayback>(episodePlaybackUrl(episodeId), { signal }),
    staleTime: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? Math.max(0, Date.parse(expiresAt) - Date.now() - RENEW_MS) : Infinity;
    },
  });

export function useEpisodePlayback(episodeId: number, enabled: boolean) {
  return useQuery({ ...episodePlaybackQueryOptions(episodeId), enabled });
}
