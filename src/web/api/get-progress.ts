import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import type { SeriesProgress } from '../../contract/library.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/progress: one entry per series in progress, with the episode to resume. */
export const progressQueryKey = ['/api/user', VIEWER_USER_ID, 'progress'] as const;

export const progressQueryOptions = queryOptions<SeriesProgress[]>({
  queryKey: progressQueryKey,
  ...userDataFreshness,
});

export function useProgress() {
  return useQuery(progressQueryOptions);
}
