import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  episodeAlertJobs,
  episodeAlertSeries,
  episodes,
  pushKeys,
  pushSubscriptions,
  series,
  seriesTranslations,
} from '../../db/schema.ts';

export type AlertJobRow = typeof episodeAlertJobs.$inferSelect;

export async function storedPushKeys(db: Executor) {
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
  return row;
}

/** The first instance to insert wins; the others' pairs are dropped. */
export async function insertPushKeys(db: Executor, keys: { publicKey: string; privateKey: string }) {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
}

/**
 * The subscription of this endpoint, made or brought up to date: a browser's endpoint is its own, so one that
 * comes back for another viewer (signed out, then in as someone else) is theirs now, without the series it had.
 */
export async function upsertSubscription(
  db: Executor,
  viewerId: string,
  target: { endpoint: string; p256dh: string; auth: string; language: string },
): Promise<number> {
  const [existing] = await db
    .select({ id: pushSubscriptions.id, viewerId: pushSubscriptions.viewerId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, target.endpoint))
    .for('update');
  if (existing) {
    if (existing.viewerId !== viewerId) {
      await db.delete(episodeAlertSeries).where(eq(episodeAlertSeries.subscriptionId, existing.id));
    }
    await db
      .update(pushSubscriptions)
      .set({ viewerId, p256dh: target.p256dh, auth: target.auth, language: target.language })
      .where(eq(pushSubscriptions.id, existing.id));
    return existing.id;
  }
  const [inserted] = await db
    .insert(pushSubscriptions)
    .values({ viewerId, ...target })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { viewerId, p256dh: target.p256dh, auth: target.auth, language: target.language },
    })
    .returning({ id: pushSubscriptions.id });
  return inserted!.id;
}

export async function addAlertSeries(db: Executor, subscriptionId: number, seriesId: number) {
  await db.insert(episodeAlertSeries).values({ subscriptionId, seriesId }).onConflictDoNothing();
}

/** Stops the viewer's alerts of a series on every browser; a subscription left with no series goes. Answers whether any went. */
export async function removeAlertSeries(db: Executor, viewerId: string, seriesId: number): Promise<boolean> {
  const removed = await db
    .delete(episodeAlertSeries)
    .where(
      and(
        eq(episodeAlertSeries.seriesId, seriesId),
        inArray(
          episodeAlertSeries.subscriptionId,
          db
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.viewerId, viewerId)),
        ),
      ),
    )
    .returning({ id: episodeAlertSeries.subscriptionId });
  await db.execute(sql`
    delete from ${pushSubscriptions} s
    where s.viewer_id = ${viewerId}
      and not exists (select 1 from ${episodeAlertSeries} a where a.subscription_id = s.id)`);
  return removed.length > 0;
}

/** The series the viewer is told of, on any of their browsers, by title. */
export function alertSeriesOf(db: Executor, viewerId: string) {
  return db
    .selectDistinct({ seriesId: series.id, title: series.title, thumbnailUrl: series.thumbnailUrl })
    .from(episodeAlertSeries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, episodeAlertSeries.subscriptionId))
    .innerJoin(series, eq(series.id, episodeAlertSeries.seriesId))
    .where(eq(pushSubscriptions.viewerId, viewerId))
    .orderBy(asc(series.title), asc(series.id));
}

export async function deleteSubscriptionsOf(db: Executor, viewerId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.viewerId, viewerId));
}

export async function moveSubscriptions(db: Executor, fromId: string, toId: string) {
  await db.update(pushSubscriptions).set({ viewerId: toId }).where(eq(pushSubscriptions.viewerId, fromId));
}

export async function deleteSubscriptions(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** At most one job per episode, ever: an episode is published once. */
export async function insertAlertJob(db: Executor, episodeId: number) {
  await db.insert(episodeAlertJobs).values({ episodeId }).onConflictDoNothing();
}

/** The oldest job nobody is sending (or whose sender's lease ran out), claimed for `leaseMs`. */
export async function claimAlertJob(db: Executor, leaseMs: number): Promise<AlertJobRow | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    update ${episodeAlertJobs} set status = 'sending', claimed_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = (
      select id from ${episodeAlertJobs}
      where status = 'queued' or (status = 'sending' and claimed_until < now())
      order by id limit 1 for update skip locked)
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(episodeAlertJobs)
    .where(eq(episodeAlertJobs.id, Number(id)));
  return row;
}

/** The series' title in each language it was translated into. */
export async function seriesTitles(db: Executor, seriesId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ language: seriesTranslations.language, title: seriesTranslations.title })
    .from(seriesTranslations)
    .where(eq(seriesTranslations.seriesId, seriesId));
  return new Map(rows.map((row) => [row.language, row.title]));
}

/** What the alert of a job's episode says; nothing when the episode is gone. */
export async function episodeOfJob(db: Executor, episodeId: number) {
  const [row] = await db
    .select({
      episodeId: episodes.id,
      episodeNumber: episodes.episodeNumber,
      episodeTitle: episodes.title,
      seriesId: series.id,
      seriesTitle: series.title,
      thumbnailUrl: series.thumbnailUrl,
    })
    .from(episodes)
    .innerJoin(series, eq(series.id, episodes.seriesId))
    .where(eq(episodes.id, episodeId));
  return row;
}

/** The next subscriptions of the series after `afterId`, by id. */
export async function nextSubscriptionIds(db: Executor, seriesId: number, afterId: number, limit: number) {
  const rows = await db
    .select({ id: episodeAlertSeries.subscriptionId })
    .from(episodeAlertSeries)
    .where(and(eq(episodeAlertSeries.seriesId, seriesId), sql`${episodeAlertSeries.subscriptionId} > ${afterId}`))
    .orderBy(asc(episodeAlertSeries.subscriptionId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Of these subscriptions, those not told of this series in the last hour, marked told now: the hour's one alert is
 * taken in the same statement, so two senders (or a sender taken up again after a crash) never both send it.
 */
export async function takeHourlyAlerts(db: Executor, seriesId: number, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0) return [];
  const result = await db.execute<{ id: number; endpoint: string; p256dh: string; auth: string; language: string }>(sql`
    update ${episodeAlertSeries} a set last_alert_at = now()
    from ${pushSubscriptions} s
    where a.series_id = ${seriesId} and a.subscription_id = any(${sql.param(subscriptionIds)}::int[])
      and s.id = a.subscription_id
      and (a.last_alert_at is null or a.last_alert_at <= now() - interval '1 hour')
    returning s.id, s.endpoint, s.p256dh, s.auth, s.language`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function advanceAlertJob(db: Executor, jobId: number, afterId: number, sent: number, leaseMs: number) {
  await db
    .update(episodeAlertJobs)
    .set({
      afterSubscription: afterId,
      sent: sql`${episodeAlertJobs.sent} + ${sent}`,
      claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(eq(episodeAlertJobs.id, jobId));
}

export async function finishAlertJob(db: Executor, jobId: number) {
  await db
    .update(episodeAlertJobs)
    .set({ status: 'done', claimedUntil: null, finishedAt: sql`now()` })
    .where(eq(episodeAlertJobs.id, jobId));
}

/** A sender stopping hands its job back, to be taken up where it stopped. */
export async function releaseAlertJob(db: Executor, jobId: number) {
  await db
    .update(episodeAlertJobs)
    .set({ status: 'queued', claimedUntil: null })
    .where(and(eq(episodeAlertJobs.id, jobId), eq(episodeAlertJobs.status, 'sending')));
}
