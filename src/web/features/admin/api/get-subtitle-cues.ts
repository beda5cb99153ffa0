import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubtitleCues } from '../../../../contract/subtitles.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const PREVIEW_CUES = 5;

/** GET /api/episodes/{episodeId}/subtitles/{language}/cues: the first cues of a track. */
export function subtitleCuesQuery(episodeId: number, language: string, version: string) {
  return queryOptions({
    queryKey: ['/api/episodes', episodeId, 'subtitles', language, 'cues', version],
    queryFn: () =>
      apiRequest<SubtitleCues>(
        `/api/episodes/${episodeId}/subtitles/${encodeURIComponent(language)}/cues?limit=${PREVIEW_CUES}`,
      ),
  });
}

export function useSubtitleCues(episodeId: number, language: string, version: string, enabled: boolean) {
  return useQuery({ ...subtitleCuesQuery(episodeId, language, version), enabled });
}
