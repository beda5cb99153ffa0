import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passes, unlocks, users, walletLedger } from '../../db/schema.ts';
import { createEpisode, createSeries, creditViewer } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { writeHlsFolder } from '../../testing/media-uploads.ts';
import { startTestIssuer, TEST_CLIENT, type TestIssuer } from '../../testing/oidc-issuer.ts';
import { testBrowser, type TestBrowser } from '../../testing/test-browser.ts';
import { recordSubscriptionState } from './passes.service.ts';

const PUBLIC_URL = 'http://cliffhanger.test';
const DAY = 24 * 3600_000;

let t: TestContext;
let issuer: TestIssuer;
let paid: { id: number; lockedEpisodeId: number; media: (name: string) => string };

beforeAll(async () => {
  issuer = await startTestIssuer([`${PUBLIC_URL}/api/auth/google/callback`]);
  t = await createTestContext({
    PUBLIC_URL,
    AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
    AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    AUTH_GOOGLE_ISSUER: issuer.url,
  });
  const row = await createSeries(t.db, { title: 'Pass Test', totalEpisodes: 12, episodeCost: 50, isFree: false });
  const folder = `series/${row.id}/episodes/12/1-12-vip`;
  writeHlsFolder(path.join(t.mediaDir, folder), 'segment twelve');
  const episode = await createEpisode(t.db, row.id, 12, { videoUrl: `/media/${folder}/master.m3u8` });
  paid = { id: row.id, lockedEpisodeId: episode.id, media: (name) => `/media/${folder}/${name}` };
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

async function signedIn(login: string): Promise<TestBrowser> {
  const b = await testBrowser(t, await t.addViewer());
  expect((await b.signInAs(login)).statusCode).toBe(303);
  return b;
}

const passRows = (userId: string) => t.db.select().from(passes).where(eq(passes.userId, userId));
const playback = (b: TestBrowser) => b.get(`/api/episodes/${paid.lockedEpisodeId}/playback`);
const segment = (b: TestBrowser) => b.get(paid.media('360p/seg_00000.m4s'));

async function ledgerSumsToBalance(userId: string) {
  const [sum] = await t.db
    .select({
      coins: sql<number>`coalesce(sum(coins_delta), 0)::int`,
      bonuses: sql<number>`coalesce(sum(bonuses_delta), 0)::int`,
    })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  const [balance] = await t.db
    .select({ coins: users.coins, bonuses: users.bonuses })
    .from(users)
    .where(eq(users.id, userId));
  expect(sum).toEqual(balance);
  return balance!;
}

describe('VIP pass (preview)', () => {
  it('is refused to a guest, who is asked to add a passkey or sign in, and nothing is written', async () => {
    const guest = await testBrowser(t, await t.addViewer());
    const reply = await guest.post('/api/user/user-1/vip-pass');
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toMatch(/Add a passkey or sign in first/);
    expect(await passRows(await guest.viewerId())).toEqual([]);
    expect((await guest.get('/api/user/user-1/vip-pass')).json()).toMatchObject({ pass: null });
  });

  it('offers the weekly price in the payments currency, free for 7 days in the preview', async () => {
    const b = await signedIn('offer');
    expect((await b.get('/api/user/user-1/vip-pass')).json()).toEqual({
      pass: null,
      offer: { price: 19.99, currency: 'usd', days: 7, preview: true },
    });
  });

  it('granted → active → a locked episode plays → cancelled → locked again; expired → locked again', async () => {
    const b = await signedIn('vera');
    const id = await b.viewerId();
    expect((await playback(b)).statusCode).toBe(403);
    expect((await segment(b)).statusCode).toBe(403);

    const before = Date.now();
    const got = await b.post('/api/user/user-1/vip-pass');
    expect(got.statusCode, got.body).toBe(201);
    const pass = got.json().pass;
    expect(pass).toMatchObject({ status: 'active', provider: 'preview', cancelAtPeriodEnd: false });
    const end = Date.parse(pass.currentPeriodEnd);
    expect(end).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);

    // The lock check lets the locked episode through, as an unlock does: its playback address and its segments.
    const opened = await playback(b);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().videoUrl).toMatch(/^\/media\/~t\//);
    const seg = await segment(b);
    expect(seg.statusCode).toBe(200);
    expect(seg.body).toBe('segment twelve');

    // A second pass while one plays is refused.
    expect((await b.post('/api/user/user-1/vip-pass')).statusCode).toBe(409);

    const cancelled = await b.post('/api/user/user-1/vip-pass/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().pass).toBeNull();
    expect((await playback(b)).statusCode).toBe(403);
    expect((await segment(b)).statusCode).toBe(403);
    expect((await b.post('/api/user/user-1/vip-pass/cancel')).statusCode).toBe(404);

    // A new pass, whose week then runs out: locked again, and a new one may be had.
    expect((await b.post('/api/user/user-1/vip-pass')).statusCode).toBe(201);
    expect((await playback(b)).statusCode).toBe(200);
    await t.db.execute(
      sql`update passes set current_period_end = now() - interval '1 second' where user_id = ${id} and status <> 'ended'`,
    );
    expect((await b.get('/api/user/user-1/vip-pass')).json().pass).toBeNull();
    expect((await playback(b)).statusCode).toBe(403);
    expect((await segment(b)).statusCode).toBe(403);
    expect((await b.post('/api/user/user-1/vip-pass')).statusCode).toBe(201);
    expect((await passRows(id)).map((row) => row.status).sort()).toEqual(['active', 'ended', 'ended']);
  });

  it('makes one pass of many "Get VIP" taps at once', async () => {
    const b = await signedIn('twenty');
    const replies = await Promise.all(Array.from({ length: 10 }, () => b.post('/api/user/user-1/vip-pass')));
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(await passRows(await b.viewerId())).toHaveLength(1);
  });

  it('answers an unlock of an episode the pass covers as unlocked, for nothing, whatever the retries', async () => {
    const b = await signedIn('nadia');
    const id = await b.viewerId();
    await creditViewer(t.db, id, { coins: 500 });
    expect((await b.post('/api/user/user-1/vip-pass')).statusCode).toBe(201);

    const asked = { seriesId: paid.id, episodeNumber: 12 };
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => b.post('/api/user/user-1/unlock-episode', asked)),
      ...Array.from({ length: 5 }, () =>
        b.post('/api/user/user-1/unlock-episode', asked, { 'idempotency-key': 'vip-retry' }),
      ),
      b.post('/api/user/user-1/unlock-episode', { ...asked, auto: true }),
    ]);
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ ...asked, cost: 0, coveredBy: 'vip', user: { coins: 500 } });
    }
    expect(await ledgerSumsToBalance(id)).toEqual({ coins: 500, bonuses: 0 });
    expect(await t.db.select().from(unlocks).where(eq(unlocks.userId, id))).toEqual([]);

    // Once the pass has ended the same episode is sold again, once.
    expect((await b.post('/api/user/user-1/vip-pass/cancel')).statusCode).toBe(200);
    const bought = await b.post('/api/user/user-1/unlock-episode', asked);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().cost).toBe(50);
    expect((await b.post('/api/user/user-1/unlock-episode', asked)).statusCode).toBe(409);
    expect(await ledgerSumsToBalance(id)).toEqual({ coins: 450, bonuses: 0 });
  });

  it('ends with the account when it is deleted', async () => {
    const b = await signedIn('gone');
    const id = await b.viewerId();
    expect((await b.post('/api/user/user-1/vip-pass')).statusCode).toBe(201);
    expect((await b.delete('/api/account')).statusCode).toBeLessThan(300);
    expect(await passRows(id)).toEqual([]);
  });
});

describe('recording subscription states (the provider path)', () => {
  const state = (accountId: string, status: Parameters<typeof recordSubscriptionState>[1]['status'], end: Date) => ({
    accountId,
    subscriptionId: `sub_${accountId}`,
    customerId: 'cus_1',
    status,
    currentPeriodEnd: end,
  });
  const playsFor = async (b: TestBrowser) => (await playback(b)).statusCode === 200;

  it('created → active → payment failed (plays until its paid end, not the next) → ended, for good', async () => {
    const b = await signedIn('stripe-like');
    const id = await b.viewerId();
    const paidEnd = new Date(Date.now() + DAY);
    await recordSubscriptionState(t.db, state(id, 'incomplete', new Date(Date.now() - 1000)));
    expect(await playsFor(b)).toBe(false);
    await recordSubscriptionState(t.db, state(id, 'active', paidEnd));
    expect(await playsFor(b)).toBe(true);
    expect((await b.get('/api/user/user-1/vip-pass')).json().pass).toMatchObject({
      status: 'active',
      provider: 'stripe',
      currentPeriodEnd: paidEnd.toISOString(),
    });

    // The renewal fails: the provider moves its period on, the pass keeps the end that was paid for.
    await recordSubscriptionState(t.db, state(id, 'past_due', new Date(Date.now() + 8 * DAY)));
    const due = (await b.get('/api/user/user-1/vip-pass')).json().pass;
    expect(due).toMatchObject({ status: 'past_due', currentPeriodEnd: paidEnd.toISOString() });
    expect(await playsFor(b)).toBe(true);
    await t.db.execute(sql`update passes set current_period_end = now() - interval '1 second' where user_id = ${id}`);
    expect(await playsFor(b)).toBe(false);

    // A paid invoice brings it back; cancelled, it ends at once and a late, older event does not reopen it.
    await recordSubscriptionState(t.db, state(id, 'active', new Date(Date.now() + 7 * DAY)));
    expect(await playsFor(b)).toBe(true);
    await recordSubscriptionState(t.db, state(id, 'canceled', new Date(Date.now() + 7 * DAY)));
    expect(await playsFor(b)).toBe(false);
    await recordSubscriptionState(t.db, state(id, 'active', new Date(Date.now() + 7 * DAY)));
    expect(await playsFor(b)).toBe(false);
    const [row] = await passRows(id);
    expect(row).toMatchObject({ status: 'ended', customerId: 'cus_1' });
    // A paid pass is managed at the provider, not cancelled here.
    await recordSubscriptionState(t.db, {
      ...state(id, 'active', new Date(Date.now() + DAY)),
      subscriptionId: 'sub_2',
    });
    expect((await b.post('/api/user/user-1/vip-pass/cancel')).statusCode).toBe(409);
  });
});
