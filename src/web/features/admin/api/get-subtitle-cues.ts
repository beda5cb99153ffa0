import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { SubtitleCues } from '#contract/subtitles.ts';
import { apiRequest } from '#web/lib/api-client.ts';

const PREVIEW_CUES = 5;

/** GET /api/episodes/{episodeId}/subtitles/{language}/cues: the first cues of a track. */
export const getSubtitleCues = (episodeId: number, language: string, signal?: AbortSignal) =>
  apiRequest<SubtitleCues>(
    `/api/episodes/${episodeId}/subtitles/${encodeURIComponent(language)}/cues?limit=${PREVIEW_CUES}`,
    { signal },
  );

/** `version` (the track's address) changes when the track is replaced: the new one is read afresh. */
export const subtitleCuesQueryOptions = (episodeId: number, language: string, version: string) =>
  queryOptions({
    queryKey: ['/api/episodes', episodeId, 'subtitles', language, 'cues', version] as const,
    queryFn: ({ signal }) => getSubtitleCues(episodeId, language, signal),
  });

export function useSubtitleCues(episodeId: number, language: string, version: string, enabled: boolean) {
  return useQuery({ ...subtitleCuesQueryOptions(episodeId, language, version), enabled });
}
