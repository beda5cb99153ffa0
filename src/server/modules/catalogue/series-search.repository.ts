import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carouselItems, series, trendingItems } from '../../db/schema.ts';
import type { SeriesRow } from './catalogue.repository.ts';

/** Where the previous page ended: the last row's rank (or creation time) and id. */
export type SearchPosition = { score: number; id: number } | { createdAt: string; id: number };

const searchText = sql`series_search_text(${series.title}, ${series.genre}, ${series.tags}, ${series.description})`;

/** Which series a search leaves out: none, those in the carousel, or those trending. */
export type Membership = 'carousel' | 'trending' | undefined;

function notInFilter(notIn: Membership): SQL | undefined {
  if (!notIn) return undefined;
  const items = notIn === 'carousel' ? carouselItems : trendingItems;
  return sql`not exists (select 1 from ${items} where ${items.seriesId} = ${series.id})`;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Ranked matches of `query`: a folded substring (any script), a whole-word full-text match, or a close trigram
 * match (small typos). The score is a whole number so a cursor can hold it exactly; ties go to the newer id.
 */
export async function searchSeriesRows(
  db: Executor,
  options: { query: string; genre?: string; notIn?: Membership; after?: { score: number; id: number }; limit: number },
): Promise<(SeriesRow & { score: number; total: number })[]> {
  const genreFilter = options.genre ? sql`and ${series.genre} = ${options.genre}` : sql``;
  const membership = notInFilter(options.notIn);
  const membershipFilter = membership ? sql`and ${membership}` : sql``;
  const after = options.after
    ? sql`where (ranked.score, ranked.id) < (${options.after.score}::int8, ${options.after.id}::int4)`
    : sql``;
  const pattern = `%${escapeLike(options.query)}%`;
  const result = await db.execute(sql`
    with q as (select catalogue_fold(${options.query}) as folded),
    ranked as (
      select ${series}.*, round(1000000 * (
          similarity(catalogue_fold(${series.title}), q.folded) * 2
          + word_similarity(q.folded, ${searchText})
          + ts_rank(to_tsvector('simple', ${searchText}), plainto_tsquery('simple', q.folded))
          + case when catalogue_fold(${series.title}) like catalogue_fold(${pattern}) then 1 else 0 end
        ))::int8 as score,
        count(*) over () as total
      from ${series}, q
      where (
        ${searchText} like catalogue_fold(${pattern})
        or q.folded <% ${searchText}
        or to_tsvector('simple', ${searchText}) @@ plainto_tsquery('simple', q.folded)
      ) ${genreFilter} ${membershipFilter}
    )
    select * from ranked ${after}
    order by score desc, id desc
    limit ${options.limit}
  `);
  return result.rows.map((row) => fromSqlRow(row as Record<string, unknown>));
}

/** Newest first, optionally one genre; `after` is the last row of the previous page. */
export async function newestSeriesRows(
  db: Executor,
  options: { genre?: string; notIn?: Membership; after?: { createdAt: string; id: number }; limit: number },
): Promise<(SeriesRow & { position: string })[]> {
  const conditions: SQL[] = [];
  if (options.genre) conditions.push(sql`${series.genre} = ${options.genre}`);
  const membership = notInFilter(options.notIn);
  if (membership) conditions.push(membership);
  if (options.after) {
    conditions.push(
      sql`(${series.createdAt}, ${series.id}) < (${options.after.createdAt}::timestamptz, ${options.after.id}::int4)`,
    );
  }
  // The position keeps PostgreSQL's microseconds, which a JavaScript Date would round away.
  const rows = await db
    .select({ row: series, position: sql<string>`${series.createdAt}::text` })
    .from(series)
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(sql`${series.createdAt} desc`, sql`${series.id} desc`)
    .limit(options.limit);
  return rows.map(({ row, position }) => ({ ...row, position }));
}

export async function countSeries(db: Executor, genre?: string, notIn?: Membership): Promise<number> {
  const conditions = [genre ? eq(series.genre, genre) : undefined, notInFilter(notIn)];
  const [row] = await db
    .select({ n: count() })
    .from(series)
    .where(and(...conditions));
  return row!.n;
}

function fromSqlRow(row: Record<string, unknown>): SeriesRow & { score: number; total: number } {
  return {
    id: Number(row.id),
    title: String(row.title),
    description: String(row.description),
    genre: String(row.genre),
    tags: row.tags as string[],
    thumbnailUrl: String(row.thumbnail_url),
    verticalThumbnailUrl: (row.vertical_thumbnail_url as string | null) ?? null,
    totalEpisodes: Number(row.total_episodes),
    rating: Number(row.rating),
    likes: Number(row.likes),
    isNew: Boolean(row.is_new),
    isFree: Boolean(row.is_free),
    episodeCost: Number(row.episode_cost),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    score: Number(row.score),
    total: Number(row.total),
  };
}
