import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { UndoUnlockReply } from '#contract/wallet.ts';
import { transactionsQueryOptions } from '#web/api/get-transactions.ts';
import { unlockedEpisodesQueryOptions } from '#web/api/get-unlocked-episodes.ts';
import { userQueryOptions } from '#web/api/get-user.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function undoAutoUnlock(input: { seriesId: number; episodeNumber: number }) {
  return apiRequest<UndoUnlockReply>(`/api/user/${VIEWER_USER_ID}/unlock-episode/undo`, {
    method: 'POST',
    body: input,
  });
}

export function useUndoAutoUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoAutoUnlock,
    onSuccess: (reply) => {
      queryClient.setQueryData(userQueryOptions().queryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: unlockedEpisodesQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey });
    },
  });
}
