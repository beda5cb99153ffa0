import { useMutation } from '#web/lib/query/use-mutation.ts';
import type { InviteReply } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/invites/{token}/accept: the invited operator sets their password. */
export function acceptInvite(token: string, password: string) {
  return apiRequest<InviteReply>(`/api/admin/invites/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: { password },
  });
}

export function useAcceptInvite(token: string) {
  return useMutation({ mutationFn: (password: string) => acceptInvite(token, password) });
}
