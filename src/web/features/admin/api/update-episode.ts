import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { AdminEpisode, UpdateEpisodeBody } from '#contract/episodes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshEpisode } from './get-admin-episodes.ts';

export interface UpdateEpisodeInput {
  episode: { id: number; seriesId: number };
  changes: UpdateEpisodeBody;
}

/** PUT /api/episodes/{episodeId}: title and episode number. */
export function updateEpisode({ episode, changes }: UpdateEpisodeInput) {
  return apiRequest<AdminEpisode>(`/api/episodes/${episode.id}`, { method: 'PUT', body: changes });
}

export function useUpdateEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEpisode,
    onSuccess: (_saved, { episode }) => refreshEpisode(queryClient, episode.seriesId, episode.id),
  });
}
