import { z } from 'zod';
import { MATCH_MAX, MATCH_MIN, TRENDING_RANK_MAX, TRENDING_RANK_MIN } from './constants.ts';
import { positiveId } from './common.ts';
import { series } from './series.ts';

export const curatedSeries = series.pick({
  id: true,
  title: true,
  description: true,
  genre: true,
  tags: true,
  likes: true,
  thumbnailUrl: true,
  verticalThumbnailUrl: true,
});

export const carouselItem = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  series: curatedSeries,
});
export type CarouselItem = z.infer<typeof carouselItem>;

export const addCarouselItemBody = z.object({
  seriesId: positiveId,
  /** Ignored: the server appends at (item count + 1). Accepted because the first prototype's client sends it. */
  displayOrder: z.number().int().optional(),
  isActive: z.boolean().optional().default(true),
});

export const reorderCarouselBody = z.object({
  items: z
    .array(
      z.object({
        id: positiveId,
        displayOrder: z.number().int().min(1, 'Display order starts at 1').max(10_000),
      }),
    )
    .min(1, 'The list of items is empty')
    .max(1000),
});

const rank = z
  .number({ error: 'Rank must be a number' })
  .int('Rank must be a whole number')
  .min(TRENDING_RANK_MIN, 'Rank must be between 1 and 7')
  .max(TRENDING_RANK_MAX, 'Rank must be between 1 and 7');
export const matchPercentage = z
  .number({ error: 'Match % must be a number' })
  .int('Match % must be a whole number')
  .min(MATCH_MIN, 'Match % must be between 1 and 99')
  .max(MATCH_MAX, 'Match % must be between 1 and 99');

export const trendingItem = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  rank: z.number().int(),
  matchPercentage: z.number().int(),
  isActive: z.boolean(),
  series: curatedSeries,
});
export type TrendingItem = z.infer<typeof trendingItem>;

export const addTrendingItemBody = z.object({
  seriesId: positiveId,
  rank,
  /** When absent the server picks a random match between 85 and 99. */
  matchPercentage: matchPercentage.optional(),
  isActive: z.boolean().optional().default(true),
});

export const updateTrendingItemBody = z.object({ matchPercentage });

export const reorderTrendingBody = z.object({
  items: z
    .array(z.object({ id: positiveId, rank }))
    .min(1, 'The list of items is empty')
    .max(TRENDING_RANK_MAX, 'At most 7 trending items'),
});
