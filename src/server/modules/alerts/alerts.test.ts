import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { episodeAlertJobs, episodeAlertSeries, pushKeys, pushSubscriptions } from '../../db/schema.ts';
import { createSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { makeSourceVideo, multipartBody, waitFor } from '../../testing/media-uploads.ts';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../../testing/push-service.ts';
import { bringGuestInto, deleteAccount } from '../accounts/accounts.service.ts';
import { LANGUAGE_TAGS } from '#contract/languages.ts';
import { resolveVapidKeys } from './alerts.service.ts';
import { hasEpisodeOutText } from './alert-texts.ts';

// Publishing is a real upload and transcode, on two cores shared with everything else.
vi.setConfig({ testTimeout: 120_000 });

let t: TestContext;
let standIn: PushStandIn;
let dataDir: string;
let video: Buffer;

beforeAll(async () => {
  standIn = await startPushStandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-alerts-'));
  const push = loadConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).push;
  t = await createTestContext(
    { DATA_DIR: dataDir, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' },
    { config: { push: { ...push, trustedCertificate: standIn.certificate } } },
  );
  video = fs.readFileSync(await makeSourceVideo(dataDir, { width: 180, height: 320, seconds: 1, audio: false }));
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let seriesCount = 0;
async function newSeries() {
  seriesCount += 1;
  const row = await createSeries(t.db, { title: `Alerted ${seriesCount}`, totalEpisodes: 0 });
  return row.id;
}

/** A viewer of their own, with a browser subscribed at the stand-in. */
async function newSubscriber() {
  const id = await t.addViewer();
  return { id, as: t.viewerAs(id), browser: standIn.subscribe() };
}

type Subscriber = Awaited<ReturnType<typeof newSubscriber>>;

async function save(viewer: Subscriber, seriesId: number) {
  const saved = await viewer.as({ method: 'POST', url: `/api/user/user-1/bookmark/${seriesId}` });
  expect(saved.json()).toMatchObject({ bookmarked: true });
}

function notifyMe(
  viewer: Subscriber,
  seriesId: number,
  browser: StandInSubscription = viewer.browser,
  language?: string,
) {
  return viewer.as({
    method: 'PUT',
    url: `/api/user/user-1/alerts/${seriesId}`,
    payload: { subscription: { endpoint: browser.endpoint, keys: browser.keys, expirationTime: null }, language },
  });
}

async function saveAndNotify(viewer: Subscriber, seriesId: number) {
  await save(viewer, seriesId);
  const answer = await notifyMe(viewer, seriesId);
  expect(answer.statusCode, answer.body).toBe(200);
}

/** An operator uploads an episode; answers its id once it is ready and its alerts were all sent. */
async function publish(seriesId: number) {
  const uploaded = await t.admin({
    method: 'POST',
    url: `/api/series/${seriesId}/episodes`,
    ...multipartBody({}, [{ field: 'video', filename: 'episode.mp4', content: video }]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const episodeId = (uploaded.json() as { id: number }).id;
  await waitFor(`the alerts of episode ${episodeId}`, async () => {
    const [job] = await t.db.select().from(episodeAlertJobs).where(eq(episodeAlertJobs.episodeId, episodeId));
    return job?.status === 'done';
  });
  return episodeId;
}

const payloads = (browser: StandInSubscription) =>
  browser.received.filter((r) => r.status === 201).map((r) => JSON.parse(r.payload) as Record<string, string>);

describe('new-episode alerts', () => {
  it('publishing an episode sends each subscriber of its series one message, encrypted to their browser', async () => {
    const seriesId = await newSeries();
    const other = await newSeries();
    const subscribers = await Promise.all([newSubscriber(), newSubscriber(), newSubscriber()]);
    for (const subscriber of subscribers) await saveAndNotify(subscriber, seriesId);
    const elsewhere = await newSubscriber();
    await saveAndNotify(elsewhere, other);

    const episodeId = await publish(seriesId);

    const key = (await t.viewer({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey;
    for (const subscriber of subscribers) {
      expect(subscriber.browser.received).toHaveLength(1);
      expect(payloads(subscriber.browser)).toEqual([
        expect.objectContaining({ title: `Alerted ${seriesCount - 1}: episode 1 is out`, url: `/watch/${episodeId}` }),
      ]);
      const headers = subscriber.browser.received[0]!.headers;
      expect(headers['content-encoding']).toBe('aes128gcm');
      expect(headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
      expect(Number(headers.ttl)).toBeGreaterThan(0);
    }
    expect(elsewhere.browser.received).toHaveLength(0);
  });

  it('a subscription its push service answers 404 or 410 is removed whole', async () => {
    const seriesId = await newSeries();
    const alsoSaved = await newSeries();
    const [gone, missing, kept] = await Promise.all([newSubscriber(), newSubscriber(), newSubscriber()]);
    for (const subscriber of [gone, missing, kept]) await saveAndNotify(subscriber, seriesId);
    await saveAndNotify(gone, alsoSaved);
    gone.browser.answers.push({ status: 410 });
    missing.browser.answers.push({ status: 404 });

    await publish(seriesId);

    expect(gone.browser.received.map((r) => r.status)).toEqual([410]);
    expect(missing.browser.received.map((r) => r.status)).toEqual([404]);
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((row) => row.endpoint)).not.toContain(gone.browser.endpoint);
    expect(left.map((row) => row.endpoint)).not.toContain(missing.browser.endpoint);
    expect(left.map((row) => row.endpoint)).toContain(kept.browser.endpoint);
    // The series it was also notified of went with it.
    expect((await gone.as({ method: 'GET', url: '/api/user/user-1/alerts' })).json()).toEqual([]);
  });

  it('a 5xx or 429 is tried again (Retry-After honoured) and delivered once', async () => {
    const seriesId = await newSeries();
    const [failing, throttled] = await Promise.all([newSubscriber(), newSubscriber()]);
    for (const subscriber of [failing, throttled]) await saveAndNotify(subscriber, seriesId);
    failing.browser.answers.push({ status: 500 });
    throttled.browser.answers.push({ status: 429, headers: { 'retry-after': '1' } });

    await publish(seriesId);

    expect(failing.browser.received.map((r) => r.status)).toEqual([500, 201]);
    expect(payloads(failing.browser)).toHaveLength(1);
    expect(throttled.browser.received.map((r) => r.status)).toEqual([429, 201]);
    const [first, second] = throttled.browser.received;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
  });

  it('tells a subscriber of a series at most once an hour', async () => {
    const seriesId = await newSeries();
    const subscriber = await newSubscriber();
    await saveAndNotify(subscriber, seriesId);

    await publish(seriesId);
    await publish(seriesId);
    expect(payloads(subscriber.browser).map((p) => p.title)).toEqual([`Alerted ${seriesCount}: episode 1 is out`]);

    await t.db
      .update(episodeAlertSeries)
      .set({ lastAlertAt: sql`now() - interval '61 minutes'` })
      .where(eq(episodeAlertSeries.seriesId, seriesId));
    const third = await publish(seriesId);
    expect(payloads(subscriber.browser).map((p) => p.url)).toEqual([
      expect.stringMatching(/^\/watch\//),
      `/watch/${third}`,
    ]);
  });

  it('lists the series a viewer is notified of, each removable', async () => {
    const [first, second] = [await newSeries(), await newSeries()];
    const subscriber = await newSubscriber();
    await saveAndNotify(subscriber, first);
    await saveAndNotify(subscriber, second);
    const list = await subscriber.as({ method: 'GET', url: '/api/user/user-1/alerts' });
    expect(list.json()).toEqual([
      expect.objectContaining({ seriesId: first, title: `Alerted ${seriesCount - 1}` }),
      expect.objectContaining({ seriesId: second, title: `Alerted ${seriesCount}` }),
    ]);

    const removed = await subscriber.as({ method: 'DELETE', url: `/api/user/user-1/alerts/${first}` });
    expect(removed.json()).toEqual({ seriesId: first, notified: false });
    const after = await subscriber.as({ method: 'GET', url: '/api/user/user-1/alerts' });
    expect(after.json()).toEqual([expect.objectContaining({ seriesId: second })]);
    const again = await subscriber.as({ method: 'DELETE', url: `/api/user/user-1/alerts/${first}` });
    expect(again.statusCode).toBe(404);
  });

  it('writes each alert in its browser’s language, with the series’ title translated where it is', async () => {
    const seriesId = await newSeries();
    const translated = await t.admin({
      method: 'PUT',
      url: `/api/series/${seriesId}/translations/es`,
      payload: { title: 'Alertada en español', description: '', tags: [] },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const [spanish, arabic, english] = [await newSubscriber(), await newSubscriber(), await newSubscriber()];
    for (const [viewer, language] of [
      [spanish, 'es'],
      [arabic, 'ar'],
      [english, undefined],
    ] as const) {
      await save(viewer, seriesId);
      expect((await notifyMe(viewer, seriesId, viewer.browser, language)).statusCode).toBe(200);
    }
    await publish(seriesId);
    expect(payloads(spanish.browser).map((p) => p.title)).toEqual(['Alertada en español: ya está el episodio 1']);
    expect(payloads(arabic.browser).map((p) => p.title)).toEqual([`Alerted ${seriesCount}: الحلقة 1 متاحة الآن`]);
    expect(payloads(english.browser).map((p) => p.title)).toEqual([`Alerted ${seriesCount}: episode 1 is out`]);
  });

  it('has the alert’s words in every language of the app, and refuses another language', async () => {
    expect(Object.values(LANGUAGE_TAGS).filter((tag) => !hasEpisodeOutText(tag))).toEqual([]);
    const seriesId = await newSeries();
    const viewer = await newSubscriber();
    await save(viewer, seriesId);
    const refused = await notifyMe(viewer, seriesId, viewer.browser, 'xx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/language must be one of/);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.viewerId, viewer.id));
    expect(rows).toEqual([]);
  });

  it('un-saving a series stops its alerts, to every browser of the viewer; the other series keep theirs', async () => {
    const [unsaved, kept] = [await newSeries(), await newSeries()];
    const subscriber = await newSubscriber();
    const phone = standIn.subscribe();
    await saveAndNotify(subscriber, unsaved);
    await saveAndNotify(subscriber, kept);
    expect((await notifyMe(subscriber, unsaved, phone)).statusCode).toBe(200);

    const toggled = await subscriber.as({ method: 'POST', url: `/api/user/user-1/bookmark/${unsaved}` });
    expect(toggled.json()).toMatchObject({ bookmarked: false });
    const list = await subscriber.as({ method: 'GET', url: '/api/user/user-1/alerts' });
    expect(list.json()).toEqual([expect.objectContaining({ seriesId: kept })]);

    await publish(unsaved);
    expect(payloads(subscriber.browser)).toEqual([]);
    expect(payloads(phone)).toEqual([]);
  });

  it('a guest who signs in brings their alerts along, with their saves', async () => {
    const seriesId = await newSeries();
    const guest = await newSubscriber();
    const account = await newSubscriber();
    await saveAndNotify(guest, seriesId);
    expect(await bringGuestInto(t.db, guest.id, account.id)).toBe(true);
    const list = await account.as({ method: 'GET', url: '/api/user/user-1/alerts' });
    expect(list.json()).toEqual([expect.objectContaining({ seriesId })]);
    await publish(seriesId);
    expect(payloads(guest.browser).map((p) => p.url)).toHaveLength(1);
  });

  it('refuses a series the viewer has not saved, and bad subscriptions, writing nothing', async () => {
    const seriesId = await newSeries();
    const subscriber = await newSubscriber();
    const notSaved = await notifyMe(subscriber, seriesId);
    expect(notSaved.statusCode).toBe(404);
    expect(notSaved.json().message).toMatch(/Save this series first/);
    await save(subscriber, seriesId);
    const badKey = await subscriber.as({
      method: 'PUT',
      url: `/api/user/user-1/alerts/${seriesId}`,
      payload: { subscription: { endpoint: subscriber.browser.endpoint, keys: { p256dh: 'short', auth: 'x' } } },
    });
    expect(badKey.statusCode).toBe(400);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.viewerId, subscriber.id));
    expect(rows).toEqual([]);
  });

  it('signing out or deleting the account removes the viewer’s subscriptions', async () => {
    const seriesId = await newSeries();
    const [leaving, deleted] = await Promise.all([newSubscriber(), newSubscriber()]);
    await saveAndNotify(leaving, seriesId);
    await saveAndNotify(deleted, seriesId);
    const signedOut = await leaving.as({ method: 'POST', url: '/api/sign-out' });
    expect(signedOut.statusCode).toBe(200);
    await deleteAccount(t.db, deleted.id);
    const left = await t.db.select().from(pushSubscriptions);
    expect(left.map((row) => row.viewerId)).not.toContain(leaving.id);
    expect(left.map((row) => row.viewerId)).not.toContain(deleted.id);
  });

  it('keeps the VAPID key pair it generated across a restart, one pair however many instances start at once', async () => {
    const key = (await t.viewer({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const restarted = await createTestContext({}, { sharingDatabaseOf: t });
    try {
      const again = await restarted.viewer({ method: 'GET', url: '/api/push/key' });
      expect(again.json()).toEqual({ publicKey: key });
    } finally {
      await restarted.close();
    }
    expect(await t.db.select().from(pushKeys)).toHaveLength(1);

    // A database without keys, and several instances starting on it together.
    const fresh = await createTestContext();
    try {
      await fresh.db.delete(pushKeys);
      const pairs = await Promise.all(Array.from({ length: 5 }, () => resolveVapidKeys(fresh.db, undefined)));
      expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
      expect(await fresh.db.select().from(pushKeys)).toEqual([
        expect.objectContaining({ publicKey: pairs[0]!.publicKey }),
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('serves the configured VAPID key when one is set', async () => {
    const configured = {
      publicKey: 'BConfiguredKeyConfiguredKeyConfiguredKeyConfiguredKeyConfiguredKeyConfiguredKeyConfiguredKe',
      privateKey: 'x',
    };
    const other = await createTestContext({
      VAPID_PUBLIC_KEY: configured.publicKey,
      VAPID_PRIVATE_KEY: configured.privateKey,
    });
    try {
      expect((await other.viewer({ method: 'GET', url: '/api/push/key' })).json()).toEqual({
        publicKey: configured.publicKey,
      });
      expect(await other.db.select().from(pushKeys)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('push endpoints without PUSH_ALLOW_PRIVATE_ENDPOINTS', () => {
  it('refuses a subscription whose push service is not an https address of a public host', async () => {
    const closed = await createTestContext();
    try {
      const row = await createSeries(closed.db, { title: 'Closed' });
      const viewerId = await closed.addViewer();
      const as = closed.viewerAs(viewerId);
      await as({ method: 'POST', url: `/api/user/user-1/bookmark/${row.id}` });
      const keys = standIn.subscribe().keys;
      for (const endpoint of [
        'https://127.0.0.1/push/1',
        'https://localhost/push/1',
        'https://10.1.2.3/push/1',
        'https://192.168.0.7/push/1',
        'https://172.16.5.5/push/1',
        'https://100.64.0.1/push/1',
        'https://169.254.169.254/latest',
        'https://[::1]/push/1',
        'https://[fd12::1]/push/1',
        'https://[fe80::1]/push/1',
        'https://[::ffff:127.0.0.1]/push/1',
        'http://push.example.com/push/1',
        'https://user:pass@push.example.com/push/1',
        'not a url',
      ]) {
        const answer = await as({
          method: 'PUT',
          url: `/api/user/user-1/alerts/${row.id}`,
          payload: { subscription: { endpoint, keys } },
        });
        expect(answer.statusCode, endpoint).toBe(400);
        expect(answer.json().message, endpoint).toMatch(/This push subscription cannot be used/);
      }
      expect(await closed.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await closed.close();
    }
  });
});
