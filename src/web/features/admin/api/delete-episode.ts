import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { episodeQueryOptions } from '#web/api/get-episode.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

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
      queryClient.removeQueries({ queryKey: episodeQueryOptions(episode.id).queryKey });
      return refreshCatalogue(queryClient);
    },
  });
}
