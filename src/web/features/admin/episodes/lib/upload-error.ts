import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { readableServerMessage } from '../../lib/admin-session.tsx';
import { UploadInterruptedError } from './send-video.ts';

export interface UploadFailure {
  message: string;
  /** The form field the server blamed: the number box, or the file itself. */
  field: 'episodeNumber' | 'title' | 'video';
}

/**
 * Why an upload failed, for the line next to the file: the server's own reason for a refused file
 * (413 too large, 400 not a video, 409 number taken), else a plain sentence for the status.
 */
export function uploadFailureOf(error: unknown, t: TFunction<'admin'>): UploadFailure {
  if (error instanceof UploadInterruptedError) return { message: t('episodes.upload.interrupted'), field: 'video' };
  if (!(error instanceof ApiError)) return { message: t('episodes.upload.failedGeneric'), field: 'video' };
  const field = error.field === 'episodeNumber' || error.field === 'title' ? error.field : 'video';
  const reason = readableServerMessage(error);
  // A reply that was not our JSON (a proxy's error page) has no reason a person can read.
  const ours = error.status < 500 && reason !== error.message;
  if (ours) return { message: reason, field };
  if (error.status === 413) return { message: t('episodes.upload.tooLarge'), field: 'video' };
  return { message: t('episodes.upload.failedGeneric'), field: 'video' };
}
