import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series, users, walletLedger } from '../../db/schema.ts';
import { createSeriesWithEpisodes } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { startTestIssuer, TEST_CLIENT, type TestIssuer } from '../../testing/oidc-issuer.ts';
import { testBrowser, type TestBrowser } from '../../testing/test-browser.ts';

const PUBLIC_URL = 'http://cliffhanger.test';

let t: TestContext;
let issuer: TestIssuer;
let paid: { id: number; episodeIds: number[] };

beforeAll(async () => {
  issuer = await startTestIssuer([`${PUBLIC_URL}/api/auth/google/callback`]);
  t = await createTestContext({
    PUBLIC_URL,
    AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
    AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    AUTH_GOOGLE_ISSUER: issuer.url,
  });
  const row = await createSeriesWithEpisodes(t.db, {
    totalEpisodes: 12,
    episodeCost: 50,
    isFree: false,
    likes: 100,
  });
  paid = { id: row.id, episodeIds: row.episodes.map((e) => e.id) };
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

/** A signed-in account that bought, unlocked, liked, saved, watched and checked in. */
async function busyAccount(login: string) {
  const b = await testBrowser(t, await t.addViewer());
  expect((await b.signInAs(login)).statusCode).toBe(303);
  const ok = async (reply: Promise<{ statusCode: number; body: string }>) =>
    expect((await reply).statusCode, (await reply).body).toBeLessThan(300);
  await ok(b.post('/api/user/user-1/purchase-tokens', { packageId: 'package-1' }));
  await ok(b.post('/api/user/user-1/unlock-episode', { seriesId: paid.id, episodeNumber: 11 }));
  await ok(b.post(`/api/user/user-1/like/${paid.id}`));
  await ok(b.post(`/api/user/user-1/bookmark/${paid.id}`));
  await ok(
    b.post('/api/progress', { userId: 'user-1', seriesId: paid.id, episodeId: paid.episodeIds[2], progress: 40 }),
  );
  await ok(b.post('/api/user/user-1/daily-checkin'));
  return b;
}

const likesOfSeries = async () =>
  (await t.db.select({ likes: series.likes }).from(series).where(eq(series.id, paid.id)))[0]!.likes;

/** Every row of this viewer in the tables that hold a person's data. */
async function rowsOf(viewerId: string) {
  const tables = ['likes', 'bookmarks', 'progress', 'unlocks', 'check_ins', 'idempotency_keys'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${viewerId}`,
    );
    counts[table] = result.rows[0]!.n;
  }
  for (const table of ['passkeys', 'sign_in_identities', 'viewer_sessions', 'passkey_challenges']) {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where viewer_id = ${viewerId}`,
    );
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

describe('Download my data', () => {
  it('gives the profile, the whole ledger, unlocks, likes, saves, progress and check-ins as a JSON file', async () => {
    const b = await busyAccount('dana');
    const reply = await b.get('/api/account/data');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="cliffhanger-my-data.json"');
    expect(reply.headers['cache-control']).toContain('no-store');
    const data = reply.json();
    const id = await b.viewerId();
    expect(data.profile).toMatchObject({
      id,
      name: 'Person dana',
      email: 'dana@people.test',
      signInMethods: [{ provider: 'google', email: 'dana@people.test' }],
      passkeys: [],
      devices: [expect.objectContaining({ method: 'google' })],
    });
    expect(data.ledger.map((entry: { kind: string }) => entry.kind)).toEqual(['purchase', 'unlock', 'checkin']);
    const coins = data.ledger.reduce((sum: number, entry: { coinsDelta: number }) => sum + entry.coinsDelta, 0);
    expect(data.profile.balance.coins).toBe(coins);
    expect(data.unlocks).toEqual([expect.objectContaining({ seriesId: paid.id, episodeNumber: 11 })]);
    expect(data.likes).toEqual([paid.id]);
    expect(data.saves).toEqual([paid.id]);
    expect(data.progress).toEqual([
      expect.objectContaining({ seriesId: paid.id, episodeId: paid.episodeIds[2], episodeNumber: 3, percent: 40 }),
    ]);
    expect(data.checkIns).toHaveLength(1);
    // Nobody else's: a stranger's download is their own, empty one.
    const stranger = await testBrowser(t, await t.addViewer());
    const theirs = (await stranger.get('/api/account/data')).json();
    expect(theirs).toMatchObject({ ledger: [], unlocks: [], likes: [], saves: [], progress: [] });
    expect(theirs.profile.id).not.toBe(id);
  });
});

describe('Delete account', () => {
  it('removes personal data and sign-in methods at once, ends every session, and keeps the ledger without the person', async () => {
    const b = await busyAccount('erin');
    const id = await b.viewerId();
    // A second browser signed in to the same account.
    const other = await testBrowser(t, await t.addViewer());
    expect((await other.signInAs('erin')).statusCode).toBe(303);
    expect(await other.viewerId()).toBe(id);
    const likesBefore = await likesOfSeries();
    const [ledgerBefore] = await t.db.select({ n: count() }).from(walletLedger).where(eq(walletLedger.userId, id));
    const [before] = await t.db.select().from(users).where(eq(users.id, id));

    const reply = await b.delete('/api/account');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ signedIn: false, method: null });

    expect(
      Object.values(await rowsOf(id)).every((n) => n === 0),
      JSON.stringify(await rowsOf(id)),
    ).toBe(true);
    expect(await likesOfSeries()).toBe(likesBefore - 1);
    const [ledgerAfter] = await t.db.select({ n: count() }).from(walletLedger).where(eq(walletLedger.userId, id));
    expect(ledgerAfter!.n).toBe(ledgerBefore!.n);
    const [after] = await t.db.select().from(users).where(eq(users.id, id));
    expect(after).toMatchObject({ username: 'Viewer', email: '', coins: before!.coins, mergedInto: null });
    expect(after!.closedAt).not.toBeNull();

    // Both browsers are new, empty guests: nothing of the account on any per-viewer route.
    for (const browser of [b, other]) {
      expect((await browser.get('/api/account')).json()).toMatchObject({ signedIn: false });
      const viewer = await browser.viewerId();
      expect(viewer).not.toBe(id);
      for (const url of [
        '/api/user/user-1/liked',
        '/api/user/user-1/bookmarked',
        '/api/user/user-1/unlocked-episodes',
        '/api/user/user-1/progress',
      ]) {
        expect((await browser.get(url)).json(), url).toEqual([]);
      }
      expect((await browser.get(`/api/user/${id}`)).statusCode).toBe(404);
      expect((await browser.get('/api/account/devices')).statusCode).toBe(401);
    }

    // The provider's identity is gone with it: signing in again is a new account with nothing.
    const again = await testBrowser(t, await t.addViewer());
    expect((await again.signInAs('erin')).statusCode).toBe(303);
    expect(await again.viewerId()).not.toBe(id);
    expect((await again.get('/api/user/user-1/unlocked-episodes')).json()).toEqual([]);
  });

  it('is refused to a guest, readably, and nothing is written', async () => {
    const guest = await t.addViewer();
    const b = await testBrowser(t, guest);
    const reply = await b.delete('/api/account');
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe('Sign in first.');
    const [row] = await t.db.select().from(users).where(eq(users.id, guest));
    expect(row!.closedAt).toBeNull();
  });
});

describe('sessions and devices', () => {
  async function signedInTwice(login: string): Promise<[TestBrowser, TestBrowser, string]> {
    const a = await testBrowser(t, await t.addViewer());
    expect((await a.signInAs(login)).statusCode).toBe(303);
    const b = await testBrowser(t, await t.addViewer());
    expect((await b.signInAs(login)).statusCode).toBe(303);
    return [a, b, await a.viewerId()];
  }
  const devices = async (b: TestBrowser) =>
    (await b.get('/api/account/devices')).json() as { id: number; current: boolean; method: string }[];

  it('lists each signed-in browser; signing one out ends only that one', async () => {
    const [a, b, id] = await signedInTwice('fay');
    const listed = await devices(a);
    expect(listed).toHaveLength(2);
    expect(listed.filter((d) => d.current)).toHaveLength(1);
    const otherDevice = listed.find((d) => !d.current)!;

    expect((await a.delete(`/api/account/devices/${otherDevice.id}`)).statusCode).toBe(204);
    expect((await b.get('/api/account')).json()).toMatchObject({ signedIn: false });
    expect(await b.viewerId()).not.toBe(id);
    expect((await a.get('/api/account')).json()).toMatchObject({ signedIn: true });
    expect(await devices(a)).toHaveLength(1);
  });

  it('another account’s device, or none, is a readable 404 and ends nothing', async () => {
    const [a] = await signedInTwice('gus');
    const [, , otherId] = await signedInTwice('hal');
    const [theirs] = await t.db
      .execute<{ id: number }>(sql`select id from viewer_sessions where viewer_id = ${otherId} limit 1`)
      .then((result) => result.rows);
    const refused = await a.delete(`/api/account/devices/${theirs!.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No such device');
    const [still] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from viewer_sessions where viewer_id = ${otherId}`)
      .then((result) => result.rows);
    expect(still!.n).toBe(2);
    expect((await a.delete('/api/account/devices/0')).statusCode).toBe(400);
  });

  it('sign out everywhere ends every session, this one included, and leaves the account as it was', async () => {
    const [a, b, id] = await signedInTwice('ivy');
    const reply = await a.post('/api/account/sign-out-everywhere');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ signedIn: false });
    for (const browser of [a, b]) {
      expect((await browser.get('/api/account')).json()).toMatchObject({ signedIn: false });
      expect(await browser.viewerId()).not.toBe(id);
    }
    const [row] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from viewer_sessions where viewer_id = ${id}`)
      .then((result) => result.rows);
    expect(row!.n).toBe(0);
    // Signing in again finds the same account.
    expect((await a.signInAs('ivy')).statusCode).toBe(303);
    expect(await a.viewerId()).toBe(id);
  });

  it('a guest has no devices to list or sign out: 401, said so', async () => {
    const guest = await testBrowser(t, await t.addViewer());
    for (const reply of [
      await guest.get('/api/account/devices'),
      await guest.delete('/api/account/devices/1'),
      await guest.post('/api/account/sign-out-everywhere'),
    ]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().message).toBe('Sign in first.');
    }
  });
});
