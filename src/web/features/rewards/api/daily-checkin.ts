import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { CheckInReply } from '#contract/wallet.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { transactionsQueryOptions } from '#web/api/get-transactions.ts';
import { userQueryOptions } from '#web/api/get-user.ts';

/** One check-in per UTC day; a second one the same day answers success false. */
export function dailyCheckIn() {
  return apiRequest<CheckInReply>(`/api/user/${VIEWER_USER_ID}/daily-checkin`, { method: 'POST' });
}

export function useDailyCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dailyCheckIn,
    onSuccess: (reply) => {
      if (!reply.success) return;
      queryClient.setQueryData(userQueryOptions().queryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey });
    },
  });
}
