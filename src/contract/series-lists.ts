// Without zod: the client's first-route code imports these (the URL of a page, the ids a request may hold).
import type { Genre } from './constants.ts';

/** The catalogue lists a viewer pages through: newest first, the ones marked new, most liked first. */
export const SERIES_LISTS = ['all', 'new', 'popular'] as const;
export type SeriesListName = (typeof SERIES_LISTS)[number];

/** Most series ids one GET /api/series/by-id may ask for. */
export const SERIES_BY_ID_MAX = 100;

/**
 * The URL of one page of a list, its parameters always in one order, so the client asks for exactly the URL
 * whose answer the server put into the page's HTML (page-data.ts).
 */
export function seriesListUrl(
  list: SeriesListName,
  page: { genre?: Genre | null; limit: number; cursor?: string | null },
): string {
  const params = new URLSearchParams();
  if (page.genre) params.set('genre', page.genre);
  params.set('limit', String(page.limit));
  if (page.cursor) params.set('cursor', page.cursor);
  return `/api/series/lists/${list}?${params}`;
}
