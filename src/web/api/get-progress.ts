import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { SeriesProgress } from '#contract/library.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/progress: one entry per series in progress, with the episode to resume. */
export const getProgress = (signal?: AbortSignal) =>
  apiRequest<SeriesProgress[]>(`/api/user/${VIEWER_USER_ID}/progress`, { signal });

export const progressQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'progress'] as const,
    queryFn: ({ signal }) => getProgress(signal),
    ...userDataFreshness,
  });

export function useProgress() {
  return useQuery(progressQueryOptions());
}
