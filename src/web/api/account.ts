import { useQuery } from '#web/lib/query/use-query.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { QueryClient } from '#web/lib/query/query-client.ts';
import type { Account } from '#contract/accounts.ts';
import { apiRequest } from '../lib/api-client.ts';

export const accountQueryKey = ['/api/account'] as const;
export const devicesQueryKey = ['/api/account/devices'] as const;

/**
 * The account this browser is signed in to, or its guest. Read by the browser only: pages rendered on the server
 * are everyone's, so they show the signed-out state first.
 */
export function useAccount() {
  return useQuery<Account>({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => apiRequest<Account>('/api/account', { signal }),
    enabled: !import.meta.env.SSR,
    staleTime: 60_000,
  });
}

export const signOut = () => apiRequest<Account>('/api/sign-out', { method: 'POST' });

const PER_VIEWER = new Set(['/api/user', ...accountQueryKey, ...devicesQueryKey]);

/** After signing in or out, what this browser read of its viewer was someone else's: read it again. */
export function forgetViewerAnswers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => PER_VIEWER.has(String(query.queryKey[0])) });
}

/** The account the server answered with is this browser's now; the rest of what it read is read again. */
export function useAfterAccountChange() {
  const queryClient = useQueryClient();
  return (account: Account) => {
    queryClient.setQueryData(accountQueryKey, account);
    void forgetViewerAnswers(queryClient);
  };
}
