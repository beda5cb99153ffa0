import type { Genre, Series } from '#contract/index.ts';
import type { SeriesRow } from './catalogue.repository.ts';

export function toSeries(row: SeriesRow): Series {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    genre: row.genre as Genre,
    tags: row.tags,
    thumbnailUrl: row.thumbnailUrl,
    verticalThumbnailUrl: row.verticalThumbnailUrl,
    totalEpisodes: row.totalEpisodes,
    rating: row.rating,
    likes: row.likes,
    isNew: row.isNew,
    isFree: row.isFree,
    episodeCost: row.episodeCost,
    createdAt: row.createdAt.toISOString(),
  };
}
