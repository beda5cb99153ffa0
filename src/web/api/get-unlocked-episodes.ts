import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { UnlockedEpisode } from '#contract/wallet.ts';
import { seriesUnlocksUrl } from '#contract/read-urls.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/unlocked-episodes: every unlock of the viewer, or only those of one series. */
export function getUnlockedEpisodes(seriesId?: number, signal?: AbortSignal) {
  const url = seriesId === undefined ? `/api/user/${VIEWER_USER_ID}/unlocked-episodes` : seriesUnlocksUrl(seriesId);
  return apiRequest<UnlockedEpisode[]>(url, { signal });
}

/** Without a series, the key is also the prefix of each series' list: refreshing it refreshes them all. */
export const unlockedEpisodesQueryOptions = (seriesId?: number) =>
  queryOptions({
    queryKey:
      seriesId === undefined
        ? (['/api/user', VIEWER_USER_ID, 'unlocked-episodes'] as const)
        : (['/api/user', VIEWER_USER_ID, 'unlocked-episodes', seriesId] as const),
    queryFn: ({ signal }) => getUnlockedEpisodes(seriesId, signal),
    ...userDataFreshness,
  });

export function useUnlockedEpisodes(seriesId?: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...unlockedEpisodesQueryOptions(seriesId), enabled: options.enabled ?? true });
}
