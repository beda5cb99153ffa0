import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { episodeQueryKey } from '../../../api/get-episode.ts';
import { refreshCatalogue } from './query-keys.ts';

/** DELETE /api/episodes/{episodeId}: the episode, its jobs and its media. */
export function deleteEpisode(episode: { id: number; seriesId: number }) {
  return apiRequest<void>(`/api/episodes/${episode.id}`, { method: 'DELETE' });
}

/** The series' totalEpisodes follows its episodes, so every list that shows series is refreshed. */
export function useDeleteEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEpisode,
    onSuccess: (_nothing, episode) => {
      queryClient.removeQueries({ queryKey: episodeQueryKey(episode.id) });
      return refreshCatalogue(queryClient);
    },
  });
}
