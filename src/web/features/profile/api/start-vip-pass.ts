import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { VipCheckoutReply, VipPassReply } from '#contract/passes.ts';
import { vipPassQueryOptions } from '#web/api/get-vip-pass.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The preview's free pass (its state), or, with a payment provider, where to pay the weekly subscription. */
export function startVipPass() {
  return apiRequest<VipPassReply | VipCheckoutReply>(`/api/user/${VIEWER_USER_ID}/vip-pass`, { method: 'POST' });
}

export const isVipCheckout = (reply: VipPassReply | VipCheckoutReply): reply is VipCheckoutReply =>
  'checkoutUrl' in reply;

export function useStartVipPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVipPass,
    onSuccess: (reply) => {
      // The payment provider's page; it sends the buyer back to /profile?vip=paid (or =cancelled).
      if (isVipCheckout(reply)) window.location.assign(reply.checkoutUrl);
      else queryClient.setQueryData(vipPassQueryOptions().queryKey, reply);
    },
  });
}
