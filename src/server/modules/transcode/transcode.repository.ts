import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { episodes, mediaJobs } from '../../db/schema.ts';

export type MediaJobRow = typeof mediaJobs.$inferSelect;

/**
 * Advisory lock namespace of running jobs: a worker holds (namespace, job id) on its own connection
 * for as long as it runs the job, so a job whose lock is free while it says 'processing' was left by
 * a process that died.
 */
const RUNNING_JOB_LOCK = 0x4d4a;

export async function insertJob(db: Executor, job: { episodeId: number; sourcePath: string }): Promise<MediaJobRow> {
  const [row] = await db.insert(mediaJobs).values(job).returning();
  return row!;
}

/** Marks the episode's queued and running jobs failed with `reason`; answers them (their source files are the caller's to remove). */
export function failUnfinishedJobsOfEpisode(db: Executor, episodeId: number, reason: string) {
  return db
    .update(mediaJobs)
    .set({ status: 'failed', error: reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(mediaJobs.episodeId, episodeId), inArray(mediaJobs.status, ['queued', 'processing'])))
    .returning({ id: mediaJobs.id, sourcePath: mediaJobs.sourcePath });
}

export function unfinishedJobsOfSeries(db: Executor, seriesId: number) {
  return db
    .select({ id: mediaJobs.id, sourcePath: mediaJobs.sourcePath })
    .from(mediaJobs)
    .innerJoin(episodes, eq(episodes.id, mediaJobs.episodeId))
    .where(and(eq(episodes.seriesId, seriesId), inArray(mediaJobs.status, ['queued', 'processing'])));
}

/** Jobs of the episode whose source file is still on disk: waiting, running, or failed and kept for a retry. */
export function unfinishedJobsOfEpisode(db: Executor, episodeId: number) {
  return db
    .select({ id: mediaJobs.id, sourcePath: mediaJobs.sourcePath })
    .from(mediaJobs)
    .where(
      and(
        eq(mediaJobs.episodeId, episodeId),
        or(inArray(mediaJobs.status, ['queued', 'processing']), eq(mediaJobs.retryable, true)),
      ),
    );
}

/**
 * Episodes whose playing video (their newest ready job's) replaced an earlier one between `after` and `before`:
 * with that job's id and the episode's video address.
 */
export async function episodesWithReplacedVideo(db: Executor, after: Date, before: Date) {
  const result = await db.execute<{ episode_id: number; series_id: number; video_url: string; job_id: number }>(sql`
    select e.id as episode_id, e.series_id, e.video_url, j.id as job_id
    from ${episodes} e
    join lateral (
      select id, finished_at from ${mediaJobs}
      where episode_id = e.id and status = 'ready' order by id desc limit 1
    ) j on true
    where j.finished_at > ${after.toISOString()} and j.finished_at <= ${before.toISOString()}
      and exists (select 1 from ${mediaJobs} o where o.episode_id = e.id and o.status = 'ready' and o.id < j.id)`);
  return result.rows.map((row) => ({
    episodeId: Number(row.episode_id),
    seriesId: Number(row.series_id),
    videoUrl: row.video_url,
    playingJobId: Number(row.job_id),
  }));
}

/** Which of these sources a job still needs: it waits, runs, or is kept for a retry. */
export async function sourcesStillNeeded(db: Executor, sources: string[]): Promise<Set<string>> {
  if (sources.length === 0) return new Set();
  const rows = await db
    .select({ sourcePath: mediaJobs.sourcePath })
    .from(mediaJobs)
    .where(
      and(
        inArray(mediaJobs.sourcePath, sources),
        or(inArray(mediaJobs.status, ['queued', 'processing']), eq(mediaJobs.retryable, true)),
      ),
    );
  return new Set(rows.map((row) => row.sourcePath));
}

/** Gives up the sources kept for a retry of the episode's failed jobs; answers them (the caller removes or reuses them). */
export function releaseKeptSources(db: Executor, episodeId: number) {
  return db
    .update(mediaJobs)
    .set({ retryable: false, updatedAt: sql`now()` })
    .where(and(eq(mediaJobs.episodeId, episodeId), eq(mediaJobs.retryable, true)))
    .returning({ id: mediaJobs.id, sourcePath: mediaJobs.sourcePath });
}

/** Work folders of jobs marked running: a process working in any other folder under the work root is an orphan. */
export async function workDirsOfRunningJobs(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ workDir: mediaJobs.workDir })
    .from(mediaJobs)
    .where(eq(mediaJobs.status, 'processing'));
  return rows.flatMap((row) => (row.workDir ? [row.workDir] : []));
}

/** The oldest queued job, row-locked; jobs other workers are claiming right now are skipped. */
export async function lockNextQueuedJob(db: Executor): Promise<MediaJobRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaJobs)
    .where(eq(mediaJobs.status, 'queued'))
    .orderBy(asc(mediaJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Session-level: survives the claiming transaction and lasts until released or the connection ends. */
export async function holdRunningJobLock(db: Executor, jobId: number): Promise<boolean> {
  const result = await db.execute<{ held: boolean }>(
    sql`select pg_try_advisory_lock(${RUNNING_JOB_LOCK}, ${jobId}) as held`,
  );
  return result.rows[0]?.held === true;
}

export async function releaseRunningJobLock(db: Executor, jobId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_unlock(${RUNNING_JOB_LOCK}, ${jobId})`);
}

export async function startJob(db: Executor, jobId: number, workDir: string): Promise<MediaJobRow> {
  const [row] = await db
    .update(mediaJobs)
    .set({
      status: 'processing',
      attempts: sql`${mediaJobs.attempts} + 1`,
      percent: 0,
      error: null,
      workDir,
      startedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(mediaJobs.id, jobId))
    .returning();
  return row!;
}

/** Jobs still marked running, row-locked, skipping those being claimed or finished right now. */
export function lockJobsMarkedRunning(db: Executor) {
  return db
    .select()
    .from(mediaJobs)
    .where(eq(mediaJobs.status, 'processing'))
    .orderBy(asc(mediaJobs.id))
    .for('update', { skipLocked: true });
}

/** True when nobody holds the job's running lock, i.e. the worker that ran it is gone. Released at commit. */
export async function isRunningJobAbandoned(db: Executor, jobId: number): Promise<boolean> {
  const result = await db.execute<{ free: boolean }>(
    sql`select pg_try_advisory_xact_lock(${RUNNING_JOB_LOCK}, ${jobId}) as free`,
  );
  return result.rows[0]?.free === true;
}

/**
 * The `attempts` a worker started with is its fencing token: once the job was requeued, failed,
 * superseded or deleted, the worker's writes match no row and it knows to stop.
 */
const ownedRun = (jobId: number, attempt: number) =>
  and(eq(mediaJobs.id, jobId), eq(mediaJobs.status, 'processing'), eq(mediaJobs.attempts, attempt));

export async function recordProgress(db: Executor, jobId: number, attempt: number, percent: number): Promise<boolean> {
  const rows = await db
    .update(mediaJobs)
    .set({ percent, updatedAt: sql`now()` })
    .where(ownedRun(jobId, attempt))
    .returning({ id: mediaJobs.id });
  return rows.length > 0;
}

export async function lockOwnedRun(db: Executor, jobId: number, attempt: number): Promise<MediaJobRow | undefined> {
  const [row] = await db.select().from(mediaJobs).where(ownedRun(jobId, attempt)).for('update');
  return row;
}

export async function finishJob(
  db: Executor,
  jobId: number,
  attempt: number,
  outcome:
    | { status: 'ready' }
    | { status: 'failed'; error: string; retryable?: boolean }
    | { status: 'queued'; countsAsAttempt?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(mediaJobs)
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      ...(outcome.status === 'ready' ? { percent: 100 } : {}),
      ...(outcome.status === 'failed' && outcome.retryable ? { retryable: true } : {}),
      // A run stopped by a graceful shutdown does not count against the job's attempts; one the media store
      // refused does, so an outage ends in a failure an operator can retry rather than in endless transcodes.
      ...(outcome.status === 'queued'
        ? { percent: 0, ...(outcome.countsAsAttempt ? {} : { attempts: sql`${mediaJobs.attempts} - 1` }) }
        : { finishedAt: sql`now()` }),
      workDir: null,
      updatedAt: sql`now()`,
    })
    .where(ownedRun(jobId, attempt))
    .returning({ id: mediaJobs.id });
  return rows.length > 0;
}

/** For the sweep of abandoned runs, which holds the row lock already. */
export async function settleAbandonedJob(
  db: Executor,
  jobId: number,
  outcome: { status: 'queued' } | { status: 'failed'; error: string; retryable: boolean },
) {
  await db
    .update(mediaJobs)
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      retryable: outcome.status === 'failed' && outcome.retryable,
      percent: 0,
      workDir: null,
      updatedAt: sql`now()`,
      ...(outcome.status === 'failed' ? { finishedAt: sql`now()` } : {}),
    })
    .where(eq(mediaJobs.id, jobId));
}

export async function findEpisodeForJob(db: Executor, episodeId: number) {
  const [row] = await db
    .select({ id: episodes.id, seriesId: episodes.seriesId })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .limit(1);
  return row;
}

export async function lockEpisodeMedia(db: Executor, episodeId: number) {
  const [row] = await db
    .select({
      id: episodes.id,
      seriesId: episodes.seriesId,
      videoUrl: episodes.videoUrl,
      thumbnailUrl: episodes.thumbnailUrl,
    })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .for('update');
  return row;
}

export async function setEpisodeMedia(
  db: Executor,
  episodeId: number,
  media: { videoUrl: string; thumbnailUrl: string; duration: number },
) {
  await db.update(episodes).set(media).where(eq(episodes.id, episodeId));
}

/** The newest job of each episode. */
export function latestJobsOfEpisodes(db: Executor, episodeIds: number[]) {
  if (episodeIds.length === 0) return Promise.resolve([] as MediaJobRow[]);
  return db
    .selectDistinctOn([mediaJobs.episodeId])
    .from(mediaJobs)
    .where(inArray(mediaJobs.episodeId, episodeIds))
    .orderBy(mediaJobs.episodeId, desc(mediaJobs.id));
}
