import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshEpisode } from './get-admin-episodes.ts';

/** POST /api/episodes/{episodeId}/retry-transcode: runs a transcode the server's restarts failed again, from its kept upload. */
export function retryTranscode(episode: { id: number; seriesId: number }) {
  return apiRequest<AdminEpisode>(`/api/episodes/${episode.id}/retry-transcode`, { method: 'POST' });
}

export function useRetryTranscode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryTranscode,
    onSuccess: (_queued, episode) => refreshEpisode(queryClient, episode.seriesId, episode.id),
  });
}
