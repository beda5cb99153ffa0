import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carouselItems, series, seriesTranslations, trendingItems } from '../../db/schema.ts';
import type { SeriesRow } from './catalogue.repository.ts';

/** Where the previous page ended: the last row's rank (or creation time) and id. */
export type SearchPosition = { score: number; id: number } | { createdAt: string; id: number };

const searchText = sql`series_search_text(${series.title}, ${series.genre}, ${series.tags}, ${series.description})`;
// Folded on write, and what the series_translations search indexes are on.
const translationText = sql`${seriesTranslations.searchDocument}`;

/** A folded substring (any script), a close trigram match (small typos) or a whole-word full-text match. */
const matches = (text: SQL, pattern: string) => sql`(
  ${text} like catalogue_fold(${pattern})
  or q.folded <% ${text}
  or to_tsvector('simple', ${text}) @@ plainto_tsquery('simple', q.folded)
)`;

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
  // Each series is a document, and so is each of its translations: a series ranks by its best document.
  const result = await db.execute(sql`
    with q as (select catalogue_fold(${options.query}) as folded),
    documents as (
      select ${series.id} as series_id, ${series.title} as title, ${searchText} as text
      from ${series}, q
      where ${matches(searchText, pattern)} ${genreFilter} ${membershipFilter}
      union all
      select ${seriesTranslations.seriesId}, ${seriesTranslations.title}, ${translationText}
      from ${seriesTranslations} join ${series} on ${series.id} = ${seriesTranslations.seriesId}, q
      where ${matches(translationText, pattern)} ${genreFilter} ${membershipFilter}
    ),
    best as (
      select documents.series_id, max(round(1000000 * (
          similarity(catalogue_fold(documents.title), q.folded) * 2
          + word_similarity(q.folded, documents.text)
          + ts_rank(to_tsvector('simple', documents.text), plainto_tsquery('simple', q.folded))
          + case when catalogue_fold(documents.title) like catalogue_fold(${pattern}) then 1 else 0 end
        ))::int8) as score
      from documents, q
      group by documents.series_id
    ),
    ranked as (
      select ${series}.*, best.score, count(*) over () as total
      from best join ${series} on ${series.id} = best.series_id
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
