import type { EpisodeAlertPayload, EpisodeAlertSeries, PushSubscriptionBody } from '#contract/alerts.ts';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { generateVapidKeys, type VapidKeys } from '../../push/push-service.ts';
import { bookmarkedSeriesIds } from '../library/library.service.ts';
import * as repo from './alerts.repository.ts';
import { checkPushEndpoint } from './push-endpoint.ts';
import { episodeOutText } from './alert-texts.ts';

/**
 * The VAPID key pair: the configured one, else the one kept in the database, else a new one, kept. Instances
 * starting together on one database all end with the pair the first of them stored.
 */
export async function resolveVapidKeys(db: Database, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  const stored = await repo.storedPushKeys(db);
  if (stored) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  await repo.insertPushKeys(db, generateVapidKeys());
  const kept = (await repo.storedPushKeys(db))!;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

const notSaved = () => notFound('Save this series first: new-episode alerts are for the series in your list.');

/**
 * "Notify me": this browser (its push subscription) is told of the series' new episodes. Only for a series the
 * viewer saved; the endpoint is checked before anything is written.
 */
export async function notifyOfSeries(
  db: Database,
  viewerId: string,
  seriesId: number,
  subscription: PushSubscriptionBody,
  language: string,
  allowPrivateEndpoints: boolean,
) {
  await checkPushEndpoint(subscription.endpoint, allowPrivateEndpoints);
  if (!(await bookmarkedSeriesIds(db, viewerId)).includes(seriesId)) throw notSaved();
  await db.transaction(async (tx) => {
    const id = await repo.upsertSubscription(tx, viewerId, {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      language,
    });
    await repo.addAlertSeries(tx, id, seriesId);
  });
  return { seriesId, notified: true };
}

export async function stopNotifyingOfSeries(db: Database, viewerId: string, seriesId: number) {
  if (!(await db.transaction((tx) => repo.removeAlertSeries(tx, viewerId, seriesId)))) {
    throw notFound('You are not notified of this series.');
  }
  return { seriesId, notified: false };
}

export function seriesNotifiedOf(db: Database, viewerId: string): Promise<EpisodeAlertSeries[]> {
  return repo.alertSeriesOf(db, viewerId);
}

/** Signing out or deleting the account: none of the viewer's browsers is told anything any more. */
export function forgetAlerts(db: Executor, viewerId: string): Promise<void> {
  return repo.deleteSubscriptionsOf(db, viewerId);
}

/** A guest who signs in brings their browsers' alerts along. */
export function bringAlongAlerts(db: Executor, guestId: string, accountId: string): Promise<void> {
  return repo.moveSubscriptions(db, guestId, accountId);
}

/** Inside the transaction that makes an episode playable for the first time: its alerts are queued with it. */
export function queueEpisodeAlerts(db: Executor, episodeId: number): Promise<void> {
  return repo.insertAlertJob(db, episodeId);
}

/**
 * The alert's words in the browser's language: "{series}: episode N is out" (the series' title in that language
 * where it was translated), opening the episode.
 */
export function alertPayload(
  episode: {
    episodeId: number;
    episodeNumber: number;
    episodeTitle: string;
    seriesTitle: string;
    thumbnailUrl: string;
  },
  language = 'en',
  translatedTitles: ReadonlyMap<string, string> = new Map(),
): EpisodeAlertPayload {
  return {
    title: episodeOutText(language, translatedTitles.get(language) ?? episode.seriesTitle, episode.episodeNumber),
    body: episode.episodeTitle,
    url: `/watch/${episode.episodeId}`,
    icon: episode.thumbnailUrl,
    tag: `episode-${episode.episodeId}`,
  };
}
