import { useQuery } from '#web/lib/query/use-query.ts';
import type { Invitation } from '#contract/invitations.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/invitation: this viewer's invitation link (made on the first ask) and what it earned. */
export const getInvitation = (signal?: AbortSignal) => apiRequest<Invitation>('/api/invitation', { signal });

export function useInvitation() {
  return useQuery({ queryKey: ['/api/invitation'] as const, queryFn: ({ signal }) => getInvitation(signal) });
}
