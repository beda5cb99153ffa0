import { useMutation } from '#web/lib/query/use-mutation.ts';
import { ARTWORK_FILE_FIELD, type ArtworkUploadReply } from '#contract/series.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/series/artwork (multipart): the server checks and stores the picture and answers its /media/ URL. */
export function uploadArtwork(file: File) {
  const form = new FormData();
  form.append(ARTWORK_FILE_FIELD, file);
  return apiRequest<ArtworkUploadReply>('/api/series/artwork', { method: 'POST', body: form });
}

export function useUploadArtwork() {
  return useMutation({ mutationFn: uploadArtwork });
}
