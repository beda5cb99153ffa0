import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/liked: the ids of the series the viewer liked. */
export const getLiked = (signal?: AbortSignal) => apiRequest<number[]>(`/api/user/${VIEWER_USER_ID}/liked`, { signal });

export const likedQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'liked'] as const,
    queryFn: ({ signal }) => getLiked(signal),
    ...userDataFreshness,
  });

export function useLikedSeriesIds() {
  return useQuery(likedQueryOptions());
}
