import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { UnlockEpisodeReply } from '#contract/wallet.ts';
import { apiRequest, newIdempotencyKey } from '../lib/api-client.ts';
import { unlockedEpisodesQueryOptions } from './get-unlocked-episodes.ts';
import { transactionsQueryOptions } from './get-transactions.ts';
import { userQueryOptions } from './get-user.ts';

export interface UnlockEpisodeInput {
  seriesId: number;
  episodeNumber: number;
  /** The player's own unlock (auto-unlock), which the server refuses unless the viewer turned it on. */
  auto?: boolean;
}

/** The server charges the series' episodeCost; the client sends no price. */
export function unlockEpisode(input: UnlockEpisodeInput, idempotencyKey: string) {
  return apiRequest<UnlockEpisodeReply>(`/api/user/${VIEWER_USER_ID}/unlock-episode`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useUnlockEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    // One key per user action: a network retry of the same action is applied once.
    mutationFn: (input: UnlockEpisodeInput) => unlockEpisode(input, newIdempotencyKey()),
    onSuccess: (reply) => {
      queryClient.setQueryData(userQueryOptions().queryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: unlockedEpisodesQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey });
    },
  });
}
