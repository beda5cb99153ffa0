import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { VipPassReply } from '#contract/passes.ts';
import { vipPassQueryOptions } from '#web/api/get-vip-pass.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Ends the preview's free pass at once. */
export function cancelVipPass() {
  return apiRequest<VipPassReply>(`/api/user/${VIEWER_USER_ID}/vip-pass/cancel`, { method: 'POST' });
}

export function useCancelVipPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVipPass,
    onSuccess: (reply) => queryClient.setQueryData(vipPassQueryOptions().queryKey, reply),
  });
}
