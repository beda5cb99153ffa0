import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import type { UnlockedEpisode } from '../../contract/wallet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** All unlocks share this prefix, so one invalidation refreshes every narrowed list too. */
export const unlockedEpisodesQueryKey = ['/api/user', VIEWER_USER_ID, 'unlocked-episodes'] as const;

export function getUnlockedEpisodes(seriesId?: number, signal?: AbortSignal) {
  const query = seriesId === undefined ? '' : `?seriesId=${seriesId}`;
  return apiRequest<UnlockedEpisode[]>(`/api/user/${VIEWER_USER_ID}/unlocked-episodes${query}`, { signal });
}

/** Every unlock of the viewer, or only those of one series. */
export const unlockedEpisodesQueryOptions = (seriesId?: number) =>
  queryOptions({
    queryKey: seriesId === undefined ? unlockedEpisodesQueryKey : [...unlockedEpisodesQueryKey, seriesId],
    queryFn: ({ signal }) => getUnlockedEpisodes(seriesId, signal),
    ...userDataFreshness,
  });

export function useUnlockedEpisodes(seriesId?: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...unlockedEpisodesQueryOptions(seriesId), enabled: options.enabled ?? true });
}
