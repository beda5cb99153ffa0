import { useQuery } from '@tanstack/react-query';
import type { VideoProcessingStatus } from '../../../../contract/episodes.ts';

export const videoProcessingQueryKey = ['/api/admin/video-processing'] as const;

/** GET /api/admin/video-processing: whether this server can turn uploads into episodes, and if not, why. */
export function useVideoProcessing() {
  return useQuery<VideoProcessingStatus>({ queryKey: videoProcessingQueryKey });
}
