import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshEpisode } from './get-admin-episodes.ts';

/** DELETE /api/episodes/{episodeId}/subtitles/{language}: the track, its files and its master playlist entry. */
export function deleteSubtitleTrack({
  episode,
  language,
}: {
  episode: { id: number; seriesId: number };
  language: string;
}) {
  return apiRequest<void>(`/api/episodes/${episode.id}/subtitles/${encodeURIComponent(language)}`, {
    method: 'DELETE',
  });
}

export function useDeleteSubtitleTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubtitleTrack,
    onSuccess: (_nothing, { episode }) => refreshEpisode(queryClient, episode.seriesId, episode.id),
  });
}
