import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { AutoUnlockSetting } from '#contract/passes.ts';
import { apiRequest } from '../lib/api-client.ts';
import { userDataFreshness } from '../lib/query-client.ts';

/** GET /api/user/{userId}/auto-unlock: whether the player unlocks the next episode by itself (off by default). */
export const autoUnlockQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID, 'auto-unlock'] as const,
    queryFn: ({ signal }) => apiRequest<AutoUnlockSetting>(`/api/user/${VIEWER_USER_ID}/auto-unlock`, { signal }),
    ...userDataFreshness,
  });

export function useAutoUnlock() {
  return useQuery({ ...autoUnlockQueryOptions(), enabled: !import.meta.env.SSR });
}
