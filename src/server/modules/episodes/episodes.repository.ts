import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { episodes, series, unlocks } from '../../db/schema.ts';

export type EpisodeRow = typeof episodes.$inferSelect;
type NewEpisodeRow = Omit<typeof episodes.$inferInsert, 'id'>;

export async function findSeriesAccess(db: Executor, seriesId: number) {
  const [row] = await db
    .select({ id: series.id, isFree: series.isFree })
    .from(series)
    .where(eq(series.id, seriesId))
    .limit(1);
  return row;
}

/** Serialises changes to a series' episodes, so numbers and totalEpisodes stay right under concurrent uploads. */
export async function lockSeries(db: Executor, seriesId: number) {
  const [row] = await db.select({ id: series.id }).from(series).where(eq(series.id, seriesId)).for('update');
  return row;
}

export async function lastEpisodeNumber(db: Executor, seriesId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(episodes.episodeNumber) })
    .from(episodes)
    .where(eq(episodes.seriesId, seriesId));
  return row?.last ?? 0;
}

export async function isEpisodeNumberTaken(
  db: Executor,
  seriesId: number,
  episodeNumber: number,
  exceptEpisodeId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(episodes)
    .where(
      and(
        eq(episodes.seriesId, seriesId),
        eq(episodes.episodeNumber, episodeNumber),
        exceptEpisodeId ? ne(episodes.id, exceptEpisodeId) : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function insertEpisode(db: Executor, values: NewEpisodeRow): Promise<EpisodeRow> {
  const [row] = await db.insert(episodes).values(values).returning();
  return row!;
}

/** totalEpisodes follows the episodes that exist. */
export async function syncTotalEpisodes(db: Executor, seriesId: number) {
  await db
    .update(series)
    .set({
      totalEpisodes: sql`(select count(*)::int from ${episodes} where ${episodes.seriesId} = ${seriesId})`,
    })
    .where(eq(series.id, seriesId));
}

export async function findEpisode(db: Executor, episodeId: number): Promise<EpisodeRow | undefined> {
  const [row] = await db.select().from(episodes).where(eq(episodes.id, episodeId)).limit(1);
  return row;
}

export async function lockEpisode(db: Executor, episodeId: number): Promise<EpisodeRow | undefined> {
  const [row] = await db.select().from(episodes).where(eq(episodes.id, episodeId)).for('update');
  return row;
}

export async function updateEpisode(
  db: Executor,
  episodeId: number,
  patch: Partial<Pick<EpisodeRow, 'title' | 'episodeNumber'>>,
): Promise<EpisodeRow> {
  const [row] = await db.update(episodes).set(patch).where(eq(episodes.id, episodeId)).returning();
  return row!;
}

export async function deleteEpisode(db: Executor, episodeId: number): Promise<EpisodeRow | undefined> {
  const [row] = await db.delete(episodes).where(eq(episodes.id, episodeId)).returning();
  return row;
}

export function episodesOfSeries(db: Executor, seriesId: number): Promise<EpisodeRow[]> {
  return db.select().from(episodes).where(eq(episodes.seriesId, seriesId)).orderBy(asc(episodes.episodeNumber));
}

/**
 * The episodes whose media `path` belongs to: the one whose video is that very file, or those whose
 * HLS master playlist sits in a folder above it (variant playlists, init files, segments). For each,
 * whether the viewer may play it (free, unlocked, or their VIP pass plays it). Uses the index on the folder of
 * video_url.
 */
export function episodesOwningMedia(
  db: Executor,
  userId: string,
  path: string,
  folders: string[],
  freeEpisodes: number,
): Promise<{ playable: boolean; lockable: boolean }[]> {
  const lockable = sql<boolean>`not (${series.isFree} or ${episodes.episodeNumber} <= ${freeEpisodes})`;
  const unlocked = sql<boolean>`exists (select 1 from ${unlocks} u where u.user_id = ${userId}
    and u.series_id = ${episodes.seriesId} and u.episode_number = ${episodes.episodeNumber})`;
  // A VIP pass opens every episode, as an unlock does (the same rule as passes.repository's passPlays).
  const vip = sql<boolean>`exists (select 1 from passes p where p.user_id = ${userId}
    and p.status <> 'ended' and p.current_period_end > now())`;
  const folderList = sql.join(
    folders.map((folder) => sql`${folder}`),
    sql`, `,
  );
  // Asked on nearly every media request of a player, so it runs as a named statement (see db/client.ts): one per
  // number of folders (one or two): with one array parameter for them all, PostgreSQL's generic plan cost three
  // times as much.
  return db
    .select({ lockable, playable: sql<boolean>`(not ${lockable} or ${unlocked} or ${vip})` })
    .from(episodes)
    .innerJoin(series, eq(series.id, episodes.seriesId))
    .where(
      and(
        sql`regexp_replace(${episodes.videoUrl}, '[^/]*$', '') = any(array[${folderList}]::text[])`,
        sql`(${episodes.videoUrl} = ${path} or ${episodes.videoUrl} like '%.m3u8')`,
      ),
    )
    .prepare(`media_owners_in_${folders.length}_folders`)
    .execute();
}

/** Viewers see only episodes with a video; an upload still being transcoded has none yet. */
export function episodesInOrder(db: Executor, seriesId: number): Promise<EpisodeRow[]> {
  return db
    .select()
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), ne(episodes.videoUrl, '')))
    .orderBy(asc(episodes.episodeNumber));
}

/** Inserts the episodes in the given order (their ids follow it). */
export async function insertEpisodes(db: Executor, list: NewEpisodeRow[]): Promise<void> {
  if (list.length > 0) await db.insert(episodes).values(list);
}

/** Episodes whose video is one of `urls` or matches one of `patterns` (PostgreSQL regular expressions). */
export async function episodesWithVideoAt(db: Executor, urls: string[], patterns: string[], limit?: number) {
  const conditions = [
    sql`${episodes.videoUrl} = any(${sql`array[${sql.join(
      urls.map((url) => sql`${url}`),
      sql`, `,
    )}]::text[]`})`,
    ...patterns.map((pattern) => sql`${episodes.videoUrl} ~ ${pattern}`),
  ];
  const query = db
    .select({ id: episodes.id, seriesId: episodes.seriesId, videoUrl: episodes.videoUrl })
    .from(episodes)
    .where(sql.join(conditions, sql` or `))
    .orderBy(asc(episodes.episodeNumber), asc(episodes.seriesId))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/** One statement: each episode whose video is still at `from` moves to `to`; answers the ids moved. */
export async function moveVideos(db: Executor, moves: { id: number; from: string; to: string }[]): Promise<number[]> {
  if (moves.length === 0) return [];
  const values = sql.join(
    moves.map((move) => sql`(${move.id}::integer, ${move.from}::text, ${move.to}::text)`),
    sql`, `,
  );
  const result = await db.execute<{ id: number }>(sql`
    update episodes e set video_url = v.new_url
    from (values ${values}) as v(id, old_url, new_url)
    where e.id = v.id and e.video_url = v.old_url
    returning e.id
  `);
  return result.rows.map((row) => row.id);
}

/** Gives each series without episodes `perSeries` generated ones. One set-based statement. */
export async function insertGeneratedEpisodes(db: Executor, perSeries: number) {
  await db.execute(sql`
    insert into episodes (series_id, episode_number, title, video_url, thumbnail_url, duration)
    select s.id, n, 'Episode ' || n, '/media/generated/' || s.id || '/' || n || '.m3u8', '/media/generated/thumb.jpg', 90
      from series s cross join generate_series(1, ${perSeries}::int) as n
     where not exists (select 1 from episodes e where e.series_id = s.id)`);
  await db.execute(sql`analyze episodes`);
}
