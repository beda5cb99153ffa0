import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EPISODE_COST, type PlayerEventInput } from '#contract/index.ts';
import { insightDays, insightEpisodeDays, insightEvents, walletLedger } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import {
  backdateInsightEvents,
  createLedgerEntry,
  createSeriesWithEpisodes,
  createViewer,
} from '../../testing/factory.ts';
import { dropExpiredEvents } from './insights.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const today = new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const range = `from=${dayOffset(-1)}&to=${dayOffset(1)}`;

const addSeries = (totalEpisodes = 15, episodeCost = DEMO_EPISODE_COST) =>
  createSeriesWithEpisodes(t.db, {
    title: `Insight series ${randomUUID().slice(0, 8)}`,
    description: 'A series made by the insights tests.',
    genre: 'Romance',
    totalEpisodes,
    episodeCost,
  });

const addUser = () => t.addViewer();

const now = () => new Date().toISOString();
const start = (seriesId: number, episodeNumber: number, startupMs = 400): PlayerEventInput => ({
  eventId: randomUUID(),
  kind: 'play_start',
  occurredAt: now(),
  seriesId,
  episodeNumber,
  startupMs,
});
const progressed = (seriesId: number, episodeNumber: number, percent: 25 | 50 | 75 | 100): PlayerEventInput => ({
  eventId: randomUUID(),
  kind: 'progress',
  occurredAt: now(),
  seriesId,
  episodeNumber,
  percent,
  watchedMs: 15_000,
});
const paywall = (seriesId: number, episodeNumber: number): PlayerEventInput => ({
  eventId: randomUUID(),
  kind: 'paywall_shown',
  occurredAt: now(),
  seriesId,
  episodeNumber,
});

/** As the viewer the batch names (the test's viewer for `user-1`), unless another way to send is given. */
const send = (payload: unknown, request?: TestContext['viewer']) =>
  (request ?? t.viewerNamed(String((payload as { userId?: unknown }).userId)))({
    method: 'POST',
    url: '/api/events',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

async function storedEvents() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(insightEvents);
  return row!.n;
}

async function episodeDay(seriesId: number, episodeNumber: number) {
  const [row] = await t.db
    .select()
    .from(insightEpisodeDays)
    .where(
      sql`${insightEpisodeDays.seriesId} = ${seriesId} and ${insightEpisodeDays.episodeNumber} = ${episodeNumber}`,
    );
  return row;
}

const seriesFigures = (seriesId: number | string, query = range) =>
  t.admin({ method: 'GET', url: `/api/admin/insights/series/${seriesId}?${query}` });
const summary = (query = range) => t.admin({ method: 'GET', url: `/api/admin/insights/summary?${query}` });

describe('POST /api/events', () => {
  it('answers 401 without the access cookie and stores nothing', async () => {
    const { id } = await addSeries();
    const before = await storedEvents();
    const res = await send({ userId: 'user-1', events: [start(id, 1)] }, (options) => t.app.inject(options));
    expect(res.statusCode).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it('stores a batch once, however often it is sent, and folds it into the rollups', async () => {
    const { id } = await addSeries();
    const batch = { userId: 'user-1', events: [start(id, 1), progressed(id, 1, 25), progressed(id, 1, 100)] };
    const first = await send(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 });
    const again = await send(batch);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await episodeDay(id, 1)).toMatchObject({
      day: today,
      plays: 1,
      progress25: 1,
      completions: 1,
      watchMs: 30_000,
    });
  });

  it('counts an event repeated inside one batch once', async () => {
    const { id } = await addSeries();
    const event = start(id, 2);
    const res = await send({ userId: 'user-1', events: [event, event] });
    expect(res.json()).toEqual({ accepted: 1, duplicates: 1 });
    expect((await episodeDay(id, 2))?.plays).toBe(1);
  });

  it('answers each of many batches sent at once on its own, and folds all of them in', async () => {
    const { id } = await addSeries();
    const viewers = await Promise.all(Array.from({ length: 30 }, () => t.addViewer()));
    const shared = start(id, 3);
    const before = await storedEvents();
    // Arriving together, these are stored by one statement; each still gets its own answer.
    const replies = await Promise.all([
      ...viewers.map((userId) => send({ userId, events: [start(id, 3), progressed(id, 3, 50)] })),
      send({ userId: viewers[0], events: [shared] }),
      send({ userId: viewers[1], events: [shared] }),
      send({ userId: viewers[2], events: [start(id, 99)] }),
    ]);
    expect(replies.slice(0, 30).map((reply) => reply.json())).toEqual(
      viewers.map(() => ({ accepted: 2, duplicates: 0 })),
    );
    // The same event id in two batches is stored once, and counted for one of them.
    expect(
      replies
        .slice(30, 32)
        .map((reply) => reply.json().accepted)
        .sort(),
    ).toEqual([0, 1]);
    expect(replies[32]!.statusCode).toBe(400);
    expect(replies[32]!.json().message).toMatch(/episodeNumber/);
    expect(await storedEvents()).toBe(before + 61);
    expect(await episodeDay(id, 3)).toMatchObject({ plays: 31, progress50: 30 });
  });

  it.each([
    ['an unknown kind', (id: number) => [{ ...start(id, 1), kind: 'purchase' }], 'kind'],
    ['an event id that is not a UUID', (id: number) => [{ ...start(id, 1), eventId: 'abc' }], 'eventId'],
    ['a progress other than 25/50/75/100', (id: number) => [{ ...progressed(id, 1, 25), percent: 30 }], 'percent'],
    ['no events', () => [], 'events'],
    ['too many events', (id: number) => Array.from({ length: 201 }, () => start(id, 1)), 'events'],
    ['a series that does not exist', () => [start(2_000_000, 1)], 'seriesId'],
    ['an episode past the last', (id: number) => [start(id, 16)], 'episodeNumber'],
    [
      'an event from weeks ago',
      (id: number) => [{ ...start(id, 1), occurredAt: '2020-01-01T00:00:00Z' }],
      'occurredAt',
    ],
    ['a good event next to a bad one', (id: number) => [start(id, 1), { ...start(id, 1), startupMs: -5 }], 'startupMs'],
  ])('refuses a batch with %s (400) and stores none of it', async (_, events, field) => {
    const { id } = await addSeries();
    const before = await storedEvents();
    const res = await send({ userId: 'user-1', events: events(id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(field === 'events' ? 'event' : field, 'i'));
    expect(await storedEvents()).toBe(before);
    expect(await episodeDay(id, 1)).toBeUndefined();
  });

  it('answers 404 for a viewer who does not exist', async () => {
    const { id } = await addSeries();
    const res = await send({ userId: 'user-404', events: [start(id, 1)] });
    expect(res.statusCode).toBe(404);
    expect(await episodeDay(id, 1)).toBeUndefined();
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.viewer({
      method: 'POST',
      url: '/api/events',
      payload: '{"userId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });
});

describe('ledger events', () => {
  it('records purchases, unlocks and check-ins from the ledger, never from the client', async () => {
    const { id } = await addSeries();
    const userId = await addUser();
    const post = (url: string, payload?: unknown) =>
      t.viewerNamed(userId)({
        method: 'POST',
        url,
        ...(payload ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } } : {}),
      });
    expect((await post(`/api/user/${userId}/purchase-tokens`, { packageId: 'package-1' })).statusCode).toBe(200);
    expect((await post(`/api/user/${userId}/daily-checkin`)).statusCode).toBe(200);
    expect((await post(`/api/user/${userId}/unlock-episode`, { seriesId: id, episodeNumber: 11 })).statusCode).toBe(
      201,
    );

    const kinds = await t.db
      .select({ kind: insightEvents.kind, coins: insightEvents.coins, paidCoins: insightEvents.paidCoins })
      .from(insightEvents)
      .where(eq(insightEvents.userId, userId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['checkin', 'purchase', 'unlock']);
    // Bonuses go first: the check-in's 10 bonuses, then 40 bought coins.
    expect(kinds.find((k) => k.kind === 'unlock')).toEqual({ kind: 'unlock', coins: DEMO_EPISODE_COST, paidCoins: 40 });
    expect(await episodeDay(id, 11)).toMatchObject({ unlocks: 1, coinsSpent: DEMO_EPISODE_COST, paidCoinsSpent: 40 });

    const res = await seriesFigures(id);
    const body = res.json();
    expect(body.episodes[10]).toMatchObject({ episodeNumber: 11, unlocks: 1, coinsSpent: DEMO_EPISODE_COST });
    expect(body.coinsSpent).toBe(DEMO_EPISODE_COST);
    // 40 paid coins of a 500-coin, 4.99 package.
    expect(body.moneyTaken).toBeCloseTo(0.4, 2);
  });

  it('makes the summary’s coins spent and money taken equal the ledger', async () => {
    const [ledger] = await t.db
      .select({
        spent: sql<number>`coalesce(-sum(coins_delta + bonuses_delta) filter (where kind = 'unlock'), 0)::int`,
        cents: sql<number>`coalesce(sum(price_cents) filter (where kind = 'purchase'), 0)::int`,
      })
      .from(walletLedger);
    const res = await summary();
    expect(res.statusCode).toBe(200);
    expect(res.json().coinsSpent).toBe(ledger!.spent);
    expect(res.json().moneyTaken).toBeCloseTo(ledger!.cents / 100, 2);
    expect(res.json().coinsSpent).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/insights/series/{id}', () => {
  it('answers one row per episode, in order, with distinct viewers, the paywall and conversion', async () => {
    const { id } = await addSeries(12);
    const [a, b] = [await createViewer(t.db, { coins: 100 }), await addUser()];
    await send({ userId: a, events: [start(id, 1), start(id, 1), progressed(id, 1, 100), start(id, 2)] });
    await send({ userId: b, events: [start(id, 1), paywall(id, 11), paywall(id, 11)] });
    await send({ userId: a, events: [paywall(id, 11)] });
    await t.viewerNamed(a)({
      method: 'POST',
      url: `/api/user/${a}/unlock-episode`,
      payload: JSON.stringify({ seriesId: id, episodeNumber: 11 }),
      headers: { 'content-type': 'application/json' },
    });

    const res = await seriesFigures(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ seriesId: id, firstPaidEpisode: 11, paywallConversion: 0.5 });
    expect(body.episodes.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(body.episodes[0]).toEqual({
      episodeNumber: 1,
      viewers: 2,
      completions: 1,
      completionRate: 1 / 3,
      paywallShown: 0,
      unlocks: 0,
      coinsSpent: 0,
    });
    expect(body.episodes[1]).toMatchObject({ viewers: 1 });
    expect(body.episodes[10]).toMatchObject({ paywallShown: 3, unlocks: 1, coinsSpent: DEMO_EPISODE_COST });
  });

  it('marks no first paid episode in a short series', async () => {
    const { id } = await addSeries(5);
    expect((await seriesFigures(id)).json()).toMatchObject({ firstPaidEpisode: null, paywallConversion: 0 });
  });

  it('answers 404 for a series that does not exist and 400 for an id that is not one', async () => {
    expect((await seriesFigures(2_000_000)).statusCode).toBe(404);
    expect((await seriesFigures('abc')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/insights/summary', () => {
  it('counts each viewer once and reports start-up p50 / p95 per day', async () => {
    const before = (await summary()).json();
    const { id } = await addSeries();
    const users = [await addUser(), await addUser(), await addUser()];
    for (const [i, userId] of users.entries()) {
      await send({ userId, events: [start(id, 1, 100 * (i + 1)), start(id, 2, 1000)] });
    }
    const after = (await summary()).json();
    expect(after.viewers - before.viewers).toBe(3);
    expect(after.plays - before.plays).toBe(6);
    const day = after.startup.find((d: { day: string }) => d.day === today);
    expect(day.plays).toBeGreaterThanOrEqual(6);
    expect(day.p95Ms).toBeGreaterThanOrEqual(day.p50Ms);
    expect(
      after.topSeries.some((s: { seriesId: number; viewers: number }) => s.seriesId === id && s.viewers === 3),
    ).toBe(true);
  });

  it('answers the exact start-up percentiles of a day', async () => {
    const { id } = await addSeries();
    const when = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const day = when.slice(0, 10);
    const events = Array.from({ length: 20 }, (_, i) => ({ ...start(id, 1, (i + 1) * 10), occurredAt: when }));
    await send({ userId: 'user-1', events });
    const res = await summary(`from=${day}&to=${day}`);
    expect(res.json().startup).toEqual([{ day, plays: 20, p50Ms: 100, p95Ms: 190 }]);
    // A range that ends before the latest day with plays counts its viewers from the viewer-days.
    expect(res.json().viewers).toBe(1);
  });

  it('reports paywall conversion at the first paid episode: unlocks over viewers shown the paywall', async () => {
    const { id } = await addSeries();
    const when = new Date(Date.now() - 4 * 86_400_000);
    const day = when.toISOString().slice(0, 10);
    const [a, b] = [await addUser(), await addUser()];
    const shown = () => ({ ...paywall(id, 11), occurredAt: when.toISOString() });
    await send({ userId: a, events: [shown(), shown()] });
    await send({ userId: b, events: [shown()] });
    await createLedgerEntry(t.db, a, {
      kind: 'unlock',
      coinsDelta: -DEMO_EPISODE_COST,
      bonusesDelta: 0,
      seriesId: id,
      episodeNumber: 11,
      createdAt: when,
    });
    const res = await summary(`from=${day}&to=${day}`);
    expect(res.json()).toMatchObject({ paywallConversion: 0.5, coinsSpent: DEMO_EPISODE_COST });
  });

  it('answers 401 without an operator session, even with the access cookie', async () => {
    for (const url of [`/api/admin/insights/summary?${range}`, `/api/admin/insights/series/1?${range}`]) {
      expect((await t.viewer({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it.each([
    ['from=2026-11-01', 'to'],
    ['from=2026-11-1&to=2026-11-02', 'from'],
    ['from=2026-02-30&to=2026-03-02', 'from'],
    ['from=2026-11-10&to=2026-11-01', 'to'],
    ['from=2020-01-01&to=2026-01-01', 'to'],
    ['from=yesterday&to=today', 'from'],
  ])('answers 400 for the dates %s', async (query, field) => {
    const res = await summary(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining(field) });
  });
});

describe('retention', () => {
  it('deletes raw events past the retention period and keeps the rollups', async () => {
    const { id } = await addSeries();
    await send({ userId: 'user-1', events: [start(id, 3)] });
    await backdateInsightEvents(t.db, id, new Date(Date.now() - 91 * 86_400_000));
    const rollupBefore = await t.db.select().from(insightDays).where(eq(insightDays.day, today));
    expect(await dropExpiredEvents(t.db, 90)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(insightEvents).where(eq(insightEvents.seriesId, id))).toEqual([]);
    expect((await episodeDay(id, 3))?.plays).toBe(1);
    expect(await t.db.select().from(insightDays).where(eq(insightDays.day, today))).toEqual(rollupBefore);
  });
});

describe('rate limit', () => {
  it('answers 429 past the configured number of batches per minute', async () => {
    const limited = await createTestContext({ EVENTS_RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.viewer({
          method: 'POST',
          url: '/api/events',
          payload: JSON.stringify({ userId: 'user-1', events: [start(2_000_000, 1)] }),
          headers: { 'content-type': 'application/json' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
