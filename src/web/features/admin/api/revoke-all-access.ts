import { useMutation } from '#web/lib/query/use-mutation.ts';
import type { RevokeAllAccessReply } from '#contract/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function revokeAllAccess() {
  return apiRequest<RevokeAllAccessReply>('/api/admin/access/revoke-all', { method: 'POST' });
}

export function useRevokeAllAccess() {
  return useMutation({ mutationFn: revokeAllAccess });
}
