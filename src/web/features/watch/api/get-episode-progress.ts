import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { EpisodeProgress } from '#contract/library.ts';
import { episodeProgressUrl } from '#contract/read-urls.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/**
 * GET /api/user/{userId}/episodes/{id}/progress: where this episode was left. An episode never watched answers
 * 404: that is "no saved position" (null), not an error.
 */
export async function getEpisodeProgress(episodeId: number, signal?: AbortSignal): Promise<EpisodeProgress | null> {
  try {
    return await apiRequest<EpisodeProgress>(episodeProgressUrl(episodeId), { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Not kept once no screen shows it: the next visit reads the position saved meanwhile. */
export const episodeProgressQueryOptions = (episodeId: number) =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'episodes', episodeId, 'progress'] as const,
    queryFn: ({ signal }) => getEpisodeProgress(episodeId, signal),
    gcTime: 0,
  });

export function useEpisodeProgress(episodeId: number, enabled: boolean) {
  return useQuery({ ...episodeProgressQueryOptions(episodeId), enabled });
}
