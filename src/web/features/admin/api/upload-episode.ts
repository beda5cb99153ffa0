import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import { sendVideo, type VideoUploadProgress } from '../episodes/lib/send-video.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

export interface UploadEpisodeInput {
  seriesId: number;
  file: File;
  episodeNumber: number;
  title?: string;
  onProgress?: (progress: VideoUploadProgress) => void;
  onSent?: () => void;
  signal?: AbortSignal;
}

/** POST /api/series/{id}/episodes (multipart): a new episode whose transcode is queued. */
export function uploadEpisode({ seriesId, file, episodeNumber, title, ...rest }: UploadEpisodeInput) {
  return sendVideo<AdminEpisode>({
    method: 'POST',
    url: `/api/series/${seriesId}/episodes`,
    file,
    fields: { episodeNumber: String(episodeNumber), ...(title ? { title } : {}) },
    ...rest,
  });
}

/** The series' totalEpisodes follows its episodes, so every list that shows series is refreshed. */
export function useUploadEpisode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadEpisode, onSuccess: () => refreshCatalogue(queryClient) });
}
