import { useMutation } from '#web/lib/query/use-mutation.ts';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { VipPortalReply } from '#contract/passes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** "Manage" of a paid pass: the payment provider's customer portal, which comes back to the profile. */
export function manageVipPass() {
  return apiRequest<VipPortalReply>(`/api/user/${VIEWER_USER_ID}/vip-pass/manage`, { method: 'POST' });
}

export function useManageVipPass() {
  return useMutation({
    mutationFn: manageVipPass,
    onSuccess: (reply) => window.location.assign(reply.url),
  });
}
