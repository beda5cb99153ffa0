import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import { sendVideo, type VideoUploadProgress } from '../episodes/lib/send-video.ts';
import { refreshEpisode } from './get-admin-episodes.ts';

export interface ReplaceEpisodeVideoInput {
  episode: { id: number; seriesId: number };
  file: File;
  onProgress?: (progress: VideoUploadProgress) => void;
  onSent?: () => void;
  signal?: AbortSignal;
}

/** PUT /api/episodes/{episodeId}/video (multipart): viewers keep the old video until the new one is ready. */
export function replaceEpisodeVideo({ episode, file, ...rest }: ReplaceEpisodeVideoInput) {
  return sendVideo<AdminEpisode>({ method: 'PUT', url: `/api/episodes/${episode.id}/video`, file, ...rest });
}

export function useReplaceEpisodeVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceEpisodeVideo,
    onSuccess: (_saved, { episode }) => refreshEpisode(queryClient, episode.seriesId, episode.id),
  });
}
