import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { VideoProcessingStatus } from '#contract/episodes.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/video-processing: whether this server can turn uploads into episodes, and if not, why. */
export const getVideoProcessing = (signal?: AbortSignal) =>
  apiRequest<VideoProcessingStatus>('/api/admin/video-processing', { signal });

export const videoProcessingQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/video-processing'] as const,
    queryFn: ({ signal }) => getVideoProcessing(signal),
  });

export function useVideoProcessing() {
  return useQuery(videoProcessingQueryOptions());
}
