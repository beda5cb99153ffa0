import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { User } from '#contract/wallet.ts';
import { userDataFreshness } from '../lib/query-client.ts';
import { apiRequest } from '../lib/api-client.ts';

/** GET /api/user: the viewer's balance. */
export const getUser = (signal?: AbortSignal) => apiRequest<User>('/api/user', { signal });

/**
 * The viewer's id is in the key, so that wallet changes can refresh it; every other read of the viewer's own
 * data has a key that starts with this one (refresh this alone with `exact: true`).
 */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user', VIEWER_USER_ID] as const,
    queryFn: ({ signal }) => getUser(signal),
    ...userDataFreshness,
  });

export function useUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(), enabled });
}

/** The balance shown everywhere is the bought coins plus the bonus coins. */
export const balanceOf = (user: Pick<User, 'coins' | 'bonuses'> | undefined) => (user ? user.coins + user.bonuses : 0);
