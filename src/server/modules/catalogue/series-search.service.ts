import type { SeriesPage, SeriesSearchQuery } from '../../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import { toSeries } from './catalogue.service.ts';
import { countSeries, newestSeriesRows, searchSeriesRows, type SearchPosition } from './series-search.repository.ts';

// A cursor is the last row's position, not an offset, so series added or deleted meanwhile shift nothing.
function encodeCursor(position: SearchPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor(cursor: string): SearchPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>;
    if (Number.isInteger(value.id) && Number.isInteger(value.score))
      return { score: value.score as number, id: value.id as number };
    if (
      Number.isInteger(value.id) &&
      typeof value.createdAt === 'string' &&
      !Number.isNaN(Date.parse(value.createdAt))
    ) {
      return { createdAt: value.createdAt, id: value.id as number };
    }
  } catch {
    // falls through to the readable refusal
  }
  throw invalid('The cursor is not valid. Start again without one.', 'cursor');
}

/** Ranked search when there are words to search for, else the catalogue newest first; one page of it. */
export async function searchSeries(db: Database, query: SeriesSearchQuery): Promise<SeriesPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const words = query.q ?? '';
  if (words) {
    if (after && !('score' in after)) throw invalid('The cursor is not valid. Start again without one.', 'cursor');
    const rows = await searchSeriesRows(db, { query: words, genre: query.genre, after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toSeries),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ score: last.score, id: last.id }) : null,
      total: after ? null : (rows[0]?.total ?? 0),
    };
  }
  if (after && !('createdAt' in after)) throw invalid('The cursor is not valid. Start again without one.', 'cursor');
  const [rows, total] = await Promise.all([
    newestSeriesRows(db, { genre: query.genre, after, limit: query.limit + 1 }),
    after ? null : countSeries(db, query.genre),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSeries),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.position, id: last.id }) : null,
    total,
  };
}
