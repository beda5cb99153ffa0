import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { SUBTITLE_FILE_FIELD, type SubtitleKind, type SubtitleTrack } from '#contract/subtitles.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshEpisode } from './get-admin-episodes.ts';

export interface SaveSubtitleTrackInput {
  episode: { id: number; seriesId: number };
  language: string;
  kind: SubtitleKind;
  label: string;
  file: File;
}

/** PUT /api/episodes/{episodeId}/subtitles/{language} (multipart): adds the track, or replaces it. */
export function saveSubtitleTrack({ episode, language, kind, label, file }: SaveSubtitleTrackInput) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('label', label);
  form.append(SUBTITLE_FILE_FIELD, file);
  return apiRequest<SubtitleTrack>(`/api/episodes/${episode.id}/subtitles/${encodeURIComponent(language)}`, {
    method: 'PUT',
    body: form,
  });
}

export function useSaveSubtitleTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSubtitleTrack,
    onSuccess: (_saved, { episode }) => refreshEpisode(queryClient, episode.seriesId, episode.id),
  });
}
