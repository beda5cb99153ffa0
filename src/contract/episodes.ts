import { z } from 'zod';
import { episode } from './series.ts';

/**
 * Operator episode management. Uploads are multipart/form-data (not JSON):
 * POST /api/series/{id}/episodes — fields `episodeNumber` (optional: the next number after the last
 * episode) and `title` (optional: "Episode N"), then the file in `video`;
 * PUT /api/episodes/{episodeId}/video — the file in `video`.
 * Both answer an AdminEpisode whose media status is 'queued'; poll the admin list to follow it.
 */

export const MEDIA_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const mediaStatus = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof mediaStatus>;

/** The state of an episode's newest transcode. */
export const episodeMedia = z.object({
  status: mediaStatus,
  /** 0-100; meaningful while processing */
  percent: z.number().int(),
  /** Why the transcode failed, for a person; null unless failed */
  error: z.string().nullable(),
  /** Failed by server restarts with its upload kept: POST /api/episodes/{episodeId}/retry-transcode runs it again. */
  retryable: z.boolean(),
  /** Whether viewers can play it: true once a transcode succeeded (a failed replacement keeps the old video). */
  playable: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EpisodeMedia = z.infer<typeof episodeMedia>;

export const adminEpisode = episode.extend({ media: episodeMedia });
export type AdminEpisode = z.infer<typeof adminEpisode>;

export const EPISODE_NUMBER_MAX = 10_000;

const episodeTitle = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title is too long (at most 200 characters)');

const episodeNumber = z
  .number({ error: 'Episode number must be a number' })
  .int('Episode number must be a whole number')
  .min(1, 'Episode number must be at least 1')
  .max(EPISODE_NUMBER_MAX, 'Episode number is too large');

/** The text fields of an upload (multipart fields arrive as strings). */
export const uploadEpisodeFields = z.object({
  title: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), episodeTitle.optional()),
  episodeNumber: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    episodeNumber.optional(),
  ),
});
export type UploadEpisodeFields = z.infer<typeof uploadEpisodeFields>;

export const updateEpisodeBody = z.object({ title: episodeTitle, episodeNumber }).partial();
export type UpdateEpisodeBody = z.input<typeof updateEpisodeBody>;

/** The multipart field that carries the video file. */
export const UPLOAD_FILE_FIELD = 'video';

/** GET /api/admin/video-processing: whether this server can turn uploads into episodes (operators only). */
export const videoProcessingStatus = z.object({
  available: z.boolean(),
  /** Set when unavailable: why, in plain words (uploads are refused with this message). */
  problem: z.string().optional(),
  /** e.g. "5.1.9-0+deb12u1"; absent without an ffmpeg */
  ffmpegVersion: z.string().optional(),
  /** What the ffmpeg in use lacks that the pipeline works around. */
  lacks: z.array(z.string()),
});
export type VideoProcessingStatus = z.infer<typeof videoProcessingStatus>;

/**
 * GET /api/episodes/{episodeId}/playback: where the player fetches this episode's video from now. For an episode
 * that can be locked the address carries a token that opens its folder until `expiresAt` (then ask again); free
 * episodes get their plain address and `expiresAt` null.
 */
export const episodePlayback = z.object({
  videoUrl: z.string(),
  expiresAt: z.string().nullable(),
});
export type EpisodePlayback = z.infer<typeof episodePlayback>;
