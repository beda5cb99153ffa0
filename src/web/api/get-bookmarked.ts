import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/bookmarked: the ids of the series the viewer saved. */
export const bookmarkedQueryKey = ['/api/user', VIEWER_USER_ID, 'bookmarked'] as const;

export const bookmarkedQueryOptions = queryOptions<number[]>({ queryKey: bookmarkedQueryKey, ...userDataFreshness });

export function useBookmarkedSeriesIds() {
  return useQuery(bookmarkedQueryOptions);
}
