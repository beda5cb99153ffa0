import { z } from 'zod';
import { GENRES, RATING_MAX, RATING_MIN } from './constants.ts';
import { SERIES_BY_ID_MAX, SERIES_LISTS } from './series-lists.ts';
import { mediaUrl, positiveId } from './common.ts';
import { languageTag } from './translations.ts';
import { episodeSubtitle } from './subtitles.ts';

export const genre = z.enum(GENRES, { error: `Genre must be one of: ${GENRES.join(', ')}` });

export const series = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  genre,
  tags: z.array(z.string()),
  thumbnailUrl: z.string(),
  verticalThumbnailUrl: z.string().nullable(),
  totalEpisodes: z.number().int(),
  rating: z.number().int(),
  likes: z.number().int(),
  isNew: z.boolean(),
  isFree: z.boolean(),
  episodeCost: z.number().int(),
  createdAt: z.string(),
});
export type Series = z.infer<typeof series>;

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title is too long (at most 200 characters)');
const description = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(5000, 'Description is too long (at most 5000 characters)');
const rating = z
  .number({ error: 'Rating must be a number' })
  .int('Rating must be a whole number')
  .min(RATING_MIN, 'Rating must be between 0 and 100')
  .max(RATING_MAX, 'Rating must be between 0 and 100');
const episodeCost = z
  .number({ error: 'Episode cost must be a number' })
  .int('Episode cost must be a whole number')
  .min(0, 'Episode cost must be 0 or more')
  .max(1_000_000, 'Episode cost is too large');
const tags = z
  .array(z.string().trim().min(1).max(40, 'A tag is too long (at most 40 characters)'))
  .max(20, 'At most 20 tags');
/** Empty string and null both mean "no vertical thumbnail". */
const verticalThumbnailUrl = z
  .union([z.literal(''), mediaUrl])
  .nullable()
  .transform((v) => (v ? v : null));

export const createSeriesBody = z.object({
  title,
  description,
  genre,
  thumbnailUrl: mediaUrl,
  verticalThumbnailUrl: verticalThumbnailUrl.optional().default(null),
  totalEpisodes: z
    .number({ error: 'Total episodes must be a number' })
    .int('Total episodes must be a whole number')
    .min(1, 'Total episodes must be at least 1')
    .max(10_000, 'Total episodes is too large')
    .default(1),
  rating: rating.default(85),
  isNew: z.boolean().default(true),
  isFree: z.boolean().default(false),
  episodeCost: episodeCost.default(55),
  tags: tags.default([]),
});
export type CreateSeriesBody = z.input<typeof createSeriesBody>;

/** The edit row sends a subset; the edit row has no lower bound on episodes beyond 0. */
export const updateSeriesBody = z
  .object({
    title,
    description,
    genre,
    thumbnailUrl: mediaUrl,
    verticalThumbnailUrl,
    totalEpisodes: z
      .number({ error: 'Total episodes must be a number' })
      .int('Total episodes must be a whole number')
      .min(0, 'Total episodes must be 0 or more')
      .max(10_000, 'Total episodes is too large'),
    rating,
    isNew: z.boolean(),
    isFree: z.boolean(),
    episodeCost,
    tags,
  })
  .partial();
export type UpdateSeriesBody = z.input<typeof updateSeriesBody>;

export const episode = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  episodeNumber: z.number().int(),
  title: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string(),
  /** seconds */
  duration: z.number().int(),
  /** Its subtitle and caption tracks, one per language. */
  subtitles: z.array(episodeSubtitle),
});
export type Episode = z.infer<typeof episode>;

/** The form field of POST /api/series/artwork, which stores an operator's picture and answers its /media/ URL. */
export const ARTWORK_FILE_FIELD = 'image';
export const artworkUploadReply = z.object({ url: z.string() });
export type ArtworkUploadReply = z.infer<typeof artworkUploadReply>;

export const seriesIdParams = z.object({ id: positiveId });
export const episodeIdParams = z.object({ episodeId: positiveId });

/** GET /api/series/search: ranked when `q` is given, else newest first; paged with an opaque cursor. */
export const seriesSearchQuery = z.object({
  q: z.string().trim().max(200, 'The search is too long (at most 200 characters)').optional(),
  genre: genre.optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(24),
  cursor: z.string().max(200, 'The cursor is not valid').optional(),
  /** The viewer's UI language: results come in it where translated. Search looks through every language. */
  lang: languageTag.optional(),
  /** Only series not yet in the carousel, or not yet trending: the dashboard's pickers. */
  notIn: z.enum(['carousel', 'trending'], { error: 'notIn must be carousel or trending' }).optional(),
});
export type SeriesSearchQuery = z.infer<typeof seriesSearchQuery>;

export const seriesPage = z.object({
  items: z.array(series),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many series match in all; null when not counted (a search's pages after the first). */
  total: z.number().int().nullable(),
});
export type SeriesPage = z.infer<typeof seriesPage>;

export const seriesListParams = z.object({
  list: z.enum(SERIES_LISTS, { error: `The list must be one of: ${SERIES_LISTS.join(', ')}` }),
});

/** GET /api/series/lists/{list}: one page of a list, optionally one genre; the cursor comes from the previous page. */
export const seriesListQuery = seriesSearchQuery.pick({ genre: true, limit: true, cursor: true, lang: true });
export type SeriesListQuery = z.infer<typeof seriesListQuery>;

/** GET /api/series/by-id?ids=1,2,3: the series a viewer's library names, without the whole catalogue. */
export const seriesByIdQuery = z.object({
  ids: z
    .string({ error: 'ids is required: series ids separated by commas, like 1,2,3' })
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, 'ids must be series ids separated by commas, like 1,2,3')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= SERIES_BY_ID_MAX, `At most ${SERIES_BY_ID_MAX} ids at once`)
    .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'A series id is too large'),
  lang: languageTag.optional(),
});

/** GET /api/admin/catalogue-figures: the dashboard's four stat cards, counted by the database. */
export const catalogueFigures = z.object({
  totalSeries: z.number().int(),
  totalLikes: z.number().int(),
  genres: z.number().int(),
  newSeries: z.number().int(),
});
export type CatalogueFigures = z.infer<typeof catalogueFigures>;
