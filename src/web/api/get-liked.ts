import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/liked: the ids of the series the viewer liked. */
export const likedQueryKey = ['/api/user', VIEWER_USER_ID, 'liked'] as const;

export const likedQueryOptions = queryOptions<number[]>({ queryKey: likedQueryKey, ...userDataFreshness });

export function useLikedSeriesIds() {
  return useQuery(likedQueryOptions);
}
