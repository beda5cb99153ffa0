import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { VipPassReply } from '#contract/passes.ts';
import { vipPassQueryOptions } from '#web/api/get-vip-pass.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The preview's free pass; with a payment provider this is where its checkout will start. */
export function startVipPass() {
  return apiRequest<VipPassReply>(`/api/user/${VIEWER_USER_ID}/vip-pass`, { method: 'POST' });
}

export function useStartVipPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVipPass,
    onSuccess: (reply) => queryClient.setQueryData(vipPassQueryOptions().queryKey, reply),
  });
}
