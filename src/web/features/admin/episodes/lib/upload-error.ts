import type { TFunction } from '#web/lib/texts/text-store.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { readableServerMessage } from '../../lib/admin-session.tsx';
import { UploadInterruptedError } from './send-video.ts';

export interface UploadFailure {
  message: string;
  /** The form field the server blamed: the number box, or the file itself. */
  field: 'episodeNumber' | 'title' | 'video';
}

/**
 * Why an upload failed, for the line next to the file: the server's own reason for a refused file
 * (413 too large, 400 not a video, 409 number taken, 503 no usable ffmpeg), else a plain sentence for the status.
 */
export function uploadFailureOf(error: unknown, t: TFunction): UploadFailure {
  if (error instanceof UploadInterruptedError) return { message: t('episodes.upload.interrupted'), field: 'video' };
  if (!(error instanceof ApiError)) return { message: t('episodes.upload.failedGeneric'), field: 'video' };
  const field = error.field === 'episodeNumber' || error.field === 'title' ? error.field : 'video';
  const reason = readableServerMessage(error);
  // A reply that was not our JSON (a proxy's error page) has no reason a person can read. A 503 of ours says why
  // this server takes no videos now (no usable ffmpeg): the operator needs that reason, not "try again".
  const ours = (error.status < 500 || error.status === 503) && reason !== error.message;
  if (ours) return { message: reason, field };
  if (error.status === 413) return { message: t('episodes.upload.tooLarge'), field: 'video' };
  return { message: t('episodes.upload.failedGeneric'), field: 'video' };
}
