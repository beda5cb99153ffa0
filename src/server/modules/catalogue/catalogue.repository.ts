import { and, asc, count, countDistinct, desc, eq, notLike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { series, trendingItems } from '../../db/schema.ts';

export type SeriesRow = typeof series.$inferSelect;
export type NewSeriesRow = typeof series.$inferInsert;
/** Every column an operator may write; likes and createdAt are not among them. */
export type SeriesChanges = Partial<Omit<NewSeriesRow, 'id' | 'likes' | 'createdAt'>>;

// Rows created in one transaction share created_at, so the id breaks ties (newer ids first).
const newestFirst = [desc(series.createdAt), desc(series.id)];

export function allSeriesNewestFirst(db: Executor): Promise<SeriesRow[]> {
  return db
    .select()
    .from(series)
    .orderBy(...newestFirst);
}

export function newSeriesNewestFirst(db: Executor): Promise<SeriesRow[]> {
  return db
    .select()
    .from(series)
    .where(eq(series.isNew, true))
    .orderBy(...newestFirst);
}

export function seriesByPopularity(db: Executor): Promise<SeriesRow[]> {
  return db.select().from(series).orderBy(desc(series.likes), desc(series.rating), desc(series.id));
}

export async function trendingSeriesInRankOrder(db: Executor): Promise<SeriesRow[]> {
  const rows = await db
    .select({ series })
    .from(trendingItems)
    .innerJoin(series, eq(series.id, trendingItems.seriesId))
    .where(eq(trendingItems.isActive, true))
    .orderBy(asc(trendingItems.rank), asc(trendingItems.id));
  return rows.map((row) => row.series);
}

export async function findSeries(db: Executor, id: number): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id)).limit(1);
  return row;
}

export async function insertSeries(db: Executor, values: Omit<NewSeriesRow, 'id' | 'likes' | 'createdAt'>) {
  const [row] = await db.insert(series).values(values).returning();
  return row!;
}

export async function updateSeries(db: Executor, id: number, changes: SeriesChanges): Promise<SeriesRow | undefined> {
  const [row] = await db.update(series).set(changes).where(eq(series.id, id)).returning();
  return row;
}

/** Episodes, carousel and trending items, likes, bookmarks, unlocks and progress go with it (ON DELETE CASCADE). */
export async function deleteSeries(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(series).where(eq(series.id, id)).returning({ id: series.id });
  return rows.length > 0;
}

/** Series with a thumbnail that is not one of our own /media/ files. */
export function seriesWithExternalArtwork(db: Executor): Promise<SeriesRow[]> {
  return db
    .select()
    .from(series)
    .where(or(notLike(series.thumbnailUrl, '/media/%'), notLike(series.verticalThumbnailUrl, '/media/%')))
    .orderBy(asc(series.id));
}

/** Replaces one thumbnail link only while it is still `from`; false when someone changed it meanwhile. */
export async function replaceArtworkLink(
  db: Executor,
  id: number,
  field: 'thumbnailUrl' | 'verticalThumbnailUrl',
  from: string,
  to: string,
): Promise<boolean> {
  const rows = await db
    .update(series)
    .set({ [field]: to })
    .where(and(eq(series.id, id), eq(series[field], from)))
    .returning({ id: series.id });
  return rows.length > 0;
}

/** The four figures of the dashboard's stat cards, in one pass over the table. */
export async function catalogueFigures(db: Executor) {
  const [row] = await db
    .select({
      totalSeries: count(),
      totalLikes: sql<string>`coalesce(sum(${series.likes}), 0)`,
      genres: countDistinct(series.genre),
      newSeries: sql<number>`count(*) filter (where ${series.isNew})::int`,
    })
    .from(series);
  return row!;
}

export async function hasAnySeries(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: series.id }).from(series).limit(1);
  return rows.length > 0;
}

/** Inserts the series in the given order (their ids follow it) and answers their ids and titles. */
export function insertSeriesList(db: Executor, list: Omit<NewSeriesRow, 'id'>[]) {
  if (list.length === 0) return Promise.resolve([]);
  return db.insert(series).values(list).returning({ id: series.id, title: series.title });
}

/**
 * Fills the catalogue up to `upTo` series with generated ones, each titled from `titleWords`, claiming
 * `episodesEach` episodes, older than any series an operator creates. One set-based statement.
 */
export async function insertGeneratedSeries(
  db: Executor,
  generated: { upTo: number; episodesEach: number; titleWords: string[] },
) {
  const [row] = (await db.execute(sql`select count(*)::int as n from series`)).rows as { n: number }[];
  const missing = Math.max(0, generated.upTo - (row?.n ?? 0));
  // One array parameter (PostgreSQL's array literal), not one parameter per word.
  const words = sql`${`{${generated.titleWords.join(',')}}`}::text[]`;
  await db.execute(sql`
    insert into series (title, description, genre, tags, thumbnail_url, total_episodes, is_new, likes, rating, created_at)
    select (${words})[1 + i % array_length(${words}, 1)] || ' ' || (${words})[1 + (i / 7) % array_length(${words}, 1)]
             || ' ' || i,
           'Generated series number ' || i || ' for scale tests.',
           (array['Action & Adventure','Anime','Children & Family','Classic','Comedy','Documentary','Drama',
                  'Horror','Music','Romance','Sci-Fi & Fantasy','Sports','Thrillers','TV Shows'])[1 + i % 14],
           array['generated', 'tag' || (i % 50)],
           '/media/generated/poster-' || (i % 100) || '.jpg', ${generated.episodesEach}, i % 10 = 0, i % 997,
           50 + i % 50, now() - interval '400 days' - i * interval '1 minute'
      from generate_series(1, ${missing}::int) as i`);
  await db.execute(sql`analyze series`);
}
