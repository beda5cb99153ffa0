import { z } from 'zod';
import { positiveId, userId } from './common.ts';

export const likeReply = z.object({ seriesId: z.number().int(), liked: z.boolean(), likes: z.number().int() });
export const bookmarkReply = z.object({ seriesId: z.number().int(), bookmarked: z.boolean() });

export const seriesProgress = z.object({
  seriesId: z.number().int(),
  /** percent of the series watched, 0-100 */
  progress: z.number().int(),
  lastWatched: z.string(),
  /** the episode watched last and where it stopped, for resume */
  episodeId: z.number().int(),
  episodeNumber: z.number().int(),
  positionSeconds: z.number(),
});
export type SeriesProgress = z.infer<typeof seriesProgress>;

export const episodeProgress = z.object({
  episodeId: z.number().int(),
  episodeNumber: z.number().int(),
  progress: z.number().int(),
  positionSeconds: z.number(),
  lastWatched: z.string(),
});
export type EpisodeProgress = z.infer<typeof episodeProgress>;

export const recordProgressBody = z.object({
  userId,
  seriesId: positiveId,
  episodeId: positiveId,
  progress: z
    .number({ error: 'progress must be a number' })
    .min(0, 'progress must be between 0 and 100')
    .max(100, 'progress must be between 0 and 100'),
  positionSeconds: z.number().min(0).max(86_400).optional(),
});

/** GET /api/user/{userId}/series/{id}/progress and .../episodes/{episodeId}/progress answer 404 while nothing was watched. */
export const seriesProgressParams = z.object({ userId, id: positiveId });
export const userSeriesParams = z.object({ userId, seriesId: positiveId });
export const userEpisodeParams = z.object({ userId, episodeId: positiveId });
