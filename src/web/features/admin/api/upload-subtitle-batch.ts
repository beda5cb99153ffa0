import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { SUBTITLE_FILE_FIELD, type SubtitleBatchReply, type SubtitleKind } from '#contract/subtitles.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { episodesQueryOptions } from '#web/api/get-episodes.ts';

export interface SubtitleBatchInput {
  seriesId: number;
  files: File[];
  kind: SubtitleKind;
  /** Only answer the matching; save nothing. */
  dryRun: boolean;
}

/** POST /api/series/{id}/subtitles (multipart): many files matched to episodes and languages by name. */
export function uploadSubtitleBatch({ seriesId, files, kind, dryRun }: SubtitleBatchInput) {
  const form = new FormData();
  form.append('kind', kind);
  for (const file of files) form.append(SUBTITLE_FILE_FIELD, file);
  return apiRequest<SubtitleBatchReply>(`/api/series/${seriesId}/subtitles?dryRun=${dryRun}`, {
    method: 'POST',
    body: form,
  });
}

export function useUploadSubtitleBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSubtitleBatch,
    onSuccess: (reply, { seriesId }) =>
      reply.saved ? queryClient.invalidateQueries({ queryKey: episodesQueryOptions(seriesId).queryKey }) : undefined,
  });
}
