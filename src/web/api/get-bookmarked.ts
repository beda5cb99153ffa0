import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/bookmarked: the ids of the series the viewer saved. */
export const getBookmarked = (signal?: AbortSignal) =>
  apiRequest<number[]>(`/api/user/${VIEWER_USER_ID}/bookmarked`, { signal });

export const bookmarkedQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'bookmarked'] as const,
    queryFn: ({ signal }) => getBookmarked(signal),
    ...userDataFreshness,
  });

export function useBookmarkedSeriesIds() {
  return useQuery(bookmarkedQueryOptions());
}
