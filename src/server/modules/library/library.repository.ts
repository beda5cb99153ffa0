import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookmarks, episodes, likes, progress, series, users } from '../../db/schema.ts';

/** Serialises one user's toggles, so two quick taps toggle twice instead of racing. */
export async function lockUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update').limit(1);
  return rows.length > 0;
}

/** Takes a share lock so the series cannot be deleted under a row that references it. */
export async function seriesExists(db: Executor, seriesId: number): Promise<boolean> {
  const rows = await db.select({ id: series.id }).from(series).where(eq(series.id, seriesId)).for('key share').limit(1);
  return rows.length > 0;
}

export async function deleteLike(db: Executor, userId: string, seriesId: number): Promise<boolean> {
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.userId, userId), eq(likes.seriesId, seriesId)))
    .returning({ seriesId: likes.seriesId });
  return rows.length > 0;
}

export async function insertLike(db: Executor, userId: string, seriesId: number): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({ userId, seriesId })
    .onConflictDoNothing()
    .returning({ seriesId: likes.seriesId });
  return rows.length > 0;
}

/**
 * Locks the viewers and series of a batch of toggles, in id order (so batches on two instances cannot deadlock),
 * and says which exist: a viewer's toggles then run one after another, and a series cannot go away under them.
 */
export async function lockForToggles(db: Executor, userIds: string[], seriesIds: number[]) {
  const viewers = await db.execute<{ id: string }>(
    sql`select id from ${users} where id = any(${sql.param(userIds)}::text[]) order by id for no key update`,
  );
  const shows = await db.execute<{ id: number }>(
    sql`select id from ${series} where id = any(${sql.param(seriesIds)}::int[]) order by id for no key update`,
  );
  return {
    users: new Set(viewers.rows.map((row) => row.id)),
    series: new Set(shows.rows.map((row) => Number(row.id))),
  };
}

/**
 * Toggles each (viewer, series) like in one statement: a like that was there goes, one that was not is added, and
 * each series' count moves by the difference (never below 0). Answers, in the order given, whether each is now
 * liked and its series' count after all of them. No pair may appear twice.
 */
export async function toggleLikes(db: Executor, toggles: { userId: string; seriesId: number }[]) {
  const userIds = sql.param(toggles.map((toggle) => toggle.userId));
  const seriesIds = sql.param(toggles.map((toggle) => toggle.seriesId));
  const { rows } = await db.execute<{ liked: boolean; likes: number }>(sql`
    with input as (
      select * from unnest(${userIds}::text[], ${seriesIds}::int[]) with ordinality as i(user_id, series_id, n)
    ),
    removed as (
      delete from ${likes} l using input i where l.user_id = i.user_id and l.series_id = i.series_id
      returning l.user_id, l.series_id
    ),
    added as (
      insert into ${likes} (user_id, series_id)
      select i.user_id, i.series_id from input i
      where not exists (select 1 from removed r where r.user_id = i.user_id and r.series_id = i.series_id)
      order by 1, 2
      on conflict do nothing
      returning user_id, series_id
    ),
    moved as (
      select series_id, sum(step)::int as step
      from (select series_id, 1 as step from added union all select series_id, -1 from removed) steps
      group by series_id
    ),
    counted as (
      update ${series} s set likes = greatest(s.likes + m.step, 0) from moved m
      where s.id = m.series_id and m.step <> 0
      returning s.id, s.likes
    )
    select not exists (select 1 from removed r where r.user_id = i.user_id and r.series_id = i.series_id) as liked,
      coalesce(c.likes, s.likes) as likes
    from input i join ${series} s on s.id = i.series_id left join counted c on c.id = i.series_id
    order by i.n`);
  return rows.map((row) => ({ liked: row.liked, likes: Number(row.likes) }));
}

export async function deleteBookmark(db: Executor, userId: string, seriesId: number): Promise<boolean> {
  const rows = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.seriesId, seriesId)))
    .returning({ seriesId: bookmarks.seriesId });
  return rows.length > 0;
}

export async function insertBookmark(db: Executor, userId: string, seriesId: number): Promise<boolean> {
  const rows = await db
    .insert(bookmarks)
    .values({ userId, seriesId })
    .onConflictDoNothing()
    .returning({ seriesId: bookmarks.seriesId });
  return rows.length > 0;
}

// The viewer's own lists are read on every screen: they run as named statements (see db/client.ts).
export async function likedSeriesIdsNewestFirst(db: Executor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ seriesId: likes.seriesId })
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(desc(likes.createdAt), desc(likes.seriesId))
    .prepare('library_liked')
    .execute();
  return rows.map((row) => row.seriesId);
}

export async function bookmarkedSeriesIdsNewestFirst(db: Executor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ seriesId: bookmarks.seriesId })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.seriesId))
    .prepare('library_saved')
    .execute();
  return rows.map((row) => row.seriesId);
}

/** Takes a share lock so the episode cannot be deleted under the progress row written next. */
export interface ProgressEntry {
  userId: string;
  seriesId: number;
  episodeId: number;
  percent: number;
  /** Where the viewer is; when missing, the same share of the episode's duration as `percent`. */
  positionSeconds: number | null;
}

/** What the database knew of each entry's viewer, series and episode, in the order given. */
export interface ProgressCheck {
  userFound: boolean;
  seriesFound: boolean;
  /** The series the episode belongs to, or null when there is no such episode. */
  episodeSeriesId: number | null;
}

/**
 * Writes every entry whose viewer, series and episode exist and agree, in one statement (one commit however many
 * viewers reported); of several entries for one viewer's episode the last counts. Rows are written in key order,
 * so two instances writing the same rows cannot deadlock.
 */
export async function upsertProgressEntries(db: Executor, entries: ProgressEntry[]): Promise<ProgressCheck[]> {
  const column = <K extends keyof ProgressEntry>(key: K) => sql.param(entries.map((entry) => entry[key]));
  const { rows } = await db.execute<{
    user_found: boolean;
    series_found: boolean;
    episode_series_id: number | null;
  }>(sql`
    with input as (
      select * from unnest(${column('userId')}::text[], ${column('seriesId')}::int[], ${column('episodeId')}::int[],
        ${column('percent')}::int[], ${column('positionSeconds')}::real[])
        with ordinality as i(user_id, series_id, episode_id, percent, position_seconds, n)
    ),
    checked as (
      select i.*, u.id is not null as user_found, s.id is not null as series_found,
        e.series_id as episode_series_id, e.duration
      from input i
      left join ${users} u on u.id = i.user_id
      left join ${series} s on s.id = i.series_id
      left join ${episodes} e on e.id = i.episode_id
    ),
    written as (
      insert into ${progress} (user_id, episode_id, series_id, percent, position_seconds, updated_at)
      select distinct on (user_id, episode_id) user_id, episode_id, series_id, percent,
        coalesce(position_seconds, duration * percent / 100.0), now()
      from checked
      where user_found and series_found and episode_series_id = series_id
      order by user_id, episode_id, n desc
      on conflict (user_id, episode_id) do update
        set percent = excluded.percent, position_seconds = excluded.position_seconds, updated_at = excluded.updated_at
    )
    select user_found, series_found, episode_series_id from checked order by n`);
  return rows.map((row) => ({
    userFound: row.user_found,
    seriesFound: row.series_found,
    episodeSeriesId: row.episode_series_id === null ? null : Number(row.episode_series_id),
  }));
}

export interface WatchedEpisodeRow {
  seriesId: number;
  totalEpisodes: number;
  episodeId: number;
  episodeNumber: number;
  percent: number;
  positionSeconds: number;
  updatedAt: Date;
}

/** Every episode the user has progress on (optionally in one series or one episode), latest watched first. */
export function watchedEpisodesLatestFirst(
  db: Executor,
  userId: string,
  only: { seriesId?: number; episodeId?: number } = {},
): Promise<WatchedEpisodeRow[]> {
  return db
    .select({
      seriesId: progress.seriesId,
      totalEpisodes: series.totalEpisodes,
      episodeId: progress.episodeId,
      episodeNumber: episodes.episodeNumber,
      percent: progress.percent,
      positionSeconds: progress.positionSeconds,
      updatedAt: progress.updatedAt,
    })
    .from(progress)
    .innerJoin(episodes, eq(episodes.id, progress.episodeId))
    .innerJoin(series, eq(series.id, progress.seriesId))
    .where(
      and(
        eq(progress.userId, userId),
        only.seriesId === undefined ? undefined : eq(progress.seriesId, only.seriesId),
        only.episodeId === undefined ? undefined : eq(progress.episodeId, only.episodeId),
      ),
    )
    .orderBy(desc(progress.updatedAt), desc(episodes.episodeNumber))
    .prepare(
      `library_watched${only.seriesId === undefined ? '' : '_in_series'}${only.episodeId === undefined ? '' : '_episode'}`,
    )
    .execute();
}

/**
 * One viewer's likes, saves and progress become another's: a series both liked keeps one like (its count drops
 * by the one that goes), a save is kept once, and each episode keeps the furthest progress of the two.
 */
export async function moveLibrary(db: Executor, fromId: string, toId: string) {
  await db.execute(sql`
    with doubled as (
      delete from ${likes} g using ${likes} a
       where g.user_id = ${fromId} and a.user_id = ${toId} and a.series_id = g.series_id
      returning g.series_id
    )
    update ${series} s set likes = greatest(s.likes - 1, 0) from doubled d where s.id = d.series_id`);
  await db.update(likes).set({ userId: toId }).where(eq(likes.userId, fromId));
  await db.execute(sql`
    insert into ${bookmarks} (user_id, series_id, created_at)
    select ${toId}, series_id, created_at from ${bookmarks} where user_id = ${fromId}
    on conflict do nothing`);
  await db.delete(bookmarks).where(eq(bookmarks.userId, fromId));
  await db.execute(sql`
    insert into ${progress} (user_id, episode_id, series_id, percent, position_seconds, updated_at)
    select ${toId}, episode_id, series_id, percent, position_seconds, updated_at from ${progress} where user_id = ${fromId}
    on conflict (user_id, episode_id) do update
      set percent = excluded.percent, position_seconds = excluded.position_seconds,
          updated_at = greatest(${progress}.updated_at, excluded.updated_at)
      where excluded.percent > ${progress}.percent
         or (excluded.percent = ${progress}.percent and excluded.position_seconds > ${progress}.position_seconds)`);
  await db.delete(progress).where(eq(progress.userId, fromId));
}

/** A deleted account's likes (each series' count drops by its like), saves and progress go. */
export async function deleteLibrary(db: Executor, userId: string) {
  await db.execute(sql`
    with gone as (delete from ${likes} where user_id = ${userId} returning series_id)
    update ${series} s set likes = greatest(s.likes - 1, 0) from gone g where s.id = g.series_id`);
  await db.delete(bookmarks).where(eq(bookmarks.userId, userId));
  await db.delete(progress).where(eq(progress.userId, userId));
}

/** How far into an episode (by series and number) the viewer's last progress report was, in seconds; 0 if none. */
export async function positionInEpisode(
  db: Executor,
  userId: string,
  seriesId: number,
  episodeNumber: number,
): Promise<number> {
  const [row] = await db
    .select({ position: progress.positionSeconds })
    .from(progress)
    .innerJoin(episodes, eq(episodes.id, progress.episodeId))
    .where(
      and(eq(progress.userId, userId), eq(episodes.seriesId, seriesId), eq(episodes.episodeNumber, episodeNumber)),
    );
  return row?.position ?? 0;
}
