import { useQuery } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import type { User } from '../../contract/wallet.ts';
import { userDataFreshness } from '../lib/query-client.ts';
import { apiRequest } from '../lib/api-client.ts';

/** SPEC §7: GET /api/user, cached 5 minutes, with user-1 in the key so wallet changes can invalidate it. */
export const userQueryKey = ['/api/user', VIEWER_USER_ID] as const;

export function useUser() {
  return useQuery<User>({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => apiRequest<User>('/api/user', { signal }),
    ...userDataFreshness,
  });
}

/** The balance shown everywhere is coins plus bonuses (SPEC §3). */
export const balanceOf = (user: Pick<User, 'coins' | 'bonuses'> | undefined) => (user ? user.coins + user.bonuses : 0);
