import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { SignedInOperator } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/me: who is signed in (name and role). */
export const getSignedInOperator = (signal?: AbortSignal) => apiRequest<SignedInOperator>('/api/admin/me', { signal });

export const signedInOperatorQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/me'] as const,
    queryFn: ({ signal }) => getSignedInOperator(signal),
    staleTime: 0,
  });

/** Asked once the session is known to be live. */
export function useSignedInOperator(enabled: boolean) {
  return useQuery({ ...signedInOperatorQueryOptions(), enabled });
}
