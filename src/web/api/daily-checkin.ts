import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import type { CheckInReply } from '../../contract/wallet.ts';
import { apiRequest } from '../lib/api-client.ts';
import { transactionsQueryKey } from './get-transactions.ts';
import { userQueryKey } from './get-user.ts';

/** One check-in per UTC day; a second one answers success false (SPEC §4). */
export function dailyCheckIn() {
  return apiRequest<CheckInReply>(`/api/user/${VIEWER_USER_ID}/daily-checkin`, { method: 'POST' });
}

export function useDailyCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dailyCheckIn,
    onSuccess: (reply) => {
      if (!reply.success) return;
      queryClient.setQueryData(userQueryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
    },
  });
}
