import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { InviteReply } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/invites/{token}: who an invitation is for, while it is still open. */
export const getInvite = (token: string, signal?: AbortSignal) =>
  apiRequest<InviteReply>(`/api/admin/invites/${encodeURIComponent(token)}`, { signal });

export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/admin/invites', token] as const,
    queryFn: ({ signal }) => getInvite(token, signal),
    retry: false,
  });

export function useInvite(token: string) {
  return useQuery(inviteQueryOptions(token));
}
