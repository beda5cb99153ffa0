import type { SeriesPage, SeriesSearchQuery } from '#contract/index.ts';
import type { Database } from '../../db/client.ts';
import { toSeries } from './series-row.ts';
import { decodeCursor, encodeCursor, invalidCursor } from './series-cursor.ts';
import { countSeries, newestSeriesRows, searchSeriesRows, type SearchPosition } from './series-search.repository.ts';

function readPosition(value: Record<string, unknown>): SearchPosition | undefined {
  if (!Number.isInteger(value.id)) return undefined;
  if (Number.isInteger(value.score)) return { score: value.score as number, id: value.id as number };
  if (typeof value.createdAt === 'string' && !Number.isNaN(Date.parse(value.createdAt))) {
    return { createdAt: value.createdAt, id: value.id as number };
  }
  return undefined;
}

/** Ranked search when there are words to search for, else the catalogue newest first; one page of it. */
export async function searchSeries(db: Database, query: SeriesSearchQuery): Promise<SeriesPage> {
  const after = query.cursor ? decodeCursor(query.cursor, readPosition) : undefined;
  const words = query.q ?? '';
  if (words) {
    if (after && !('score' in after)) throw invalidCursor();
    const rows = await searchSeriesRows(db, {
      query: words,
      genre: query.genre,
      notIn: query.notIn,
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toSeries),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ score: last.score, id: last.id }) : null,
      total: after ? null : (rows[0]?.total ?? 0),
    };
  }
  if (after && !('createdAt' in after)) throw invalidCursor();
  const [rows, total] = await Promise.all([
    newestSeriesRows(db, { genre: query.genre, notIn: query.notIn, after, limit: query.limit + 1 }),
    after ? null : countSeries(db, query.genre, query.notIn),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSeries),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.position, id: last.id }) : null,
    total,
  };
}
