import fs from 'node:fs';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EPISODE_COST, GENRES } from '#contract/index.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { DEMO_CLIPS, demoClipUrl } from './demo-clips.ts';
import { carouselItems, episodes, series, seriesTranslations, trendingItems, users } from '../db/schema.ts';
import { seedDemoCatalogue } from './seed.ts';

let t: TestContext;
const logs: string[] = [];
let firstSeed: boolean;

beforeAll(async () => {
  t = await createTestContext();
  const started = Date.now();
  firstSeed = await seedDemoCatalogue(t.db, { mediaDir: t.mediaDir, log: (m) => logs.push(m) });
  logs.push(`seeded in ${Date.now() - started} ms`);
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('reports that it seeded the empty database', () => {
    expect(firstSeed).toBe(true);
    expect(logs.join('\n')).toMatch(/demo catalogue: \d+ series/);
  });

  it('creates at least 28 series covering all 14 genres, two or more each', async () => {
    const rows = await t.db.select().from(series);
    expect(rows.length).toBeGreaterThanOrEqual(28);
    for (const genre of GENRES) {
      expect(rows.filter((r) => r.genre === genre).length, genre).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(rows.map((r) => r.genre)).size).toBe(GENRES.length);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
  });

  it('gives every series sensible demo values', async () => {
    const rows = await t.db.select().from(series);
    for (const s of rows) {
      expect(s.rating, s.title).toBeGreaterThanOrEqual(70);
      expect(s.rating, s.title).toBeLessThanOrEqual(98);
      expect(s.episodeCost, s.title).toBe(DEMO_EPISODE_COST);
      expect(s.tags.length, s.title).toBeGreaterThanOrEqual(2);
      expect(s.tags.length, s.title).toBeLessThanOrEqual(3);
      expect(s.description.length, s.title).toBeGreaterThan(40);
      expect(s.thumbnailUrl).toMatch(/^\/media\/art\/[a-z0-9-]+-wide\.[0-9a-f]{10}\.svg$/);
      expect(s.verticalThumbnailUrl).toMatch(/^\/media\/art\/[a-z0-9-]+-poster\.[0-9a-f]{10}\.svg$/);
    }
    const likes = rows.map((r) => r.likes);
    expect(Math.min(...likes)).toBeLessThan(1000);
    expect(Math.max(...likes)).toBeGreaterThanOrEqual(10_000);
    expect(rows.some((r) => r.isFree)).toBe(true);
    expect(rows.filter((r) => r.isFree).length).toBeLessThanOrEqual(5);
    expect(rows.some((r) => r.isNew)).toBe(true);
    expect(rows.some((r) => !r.isNew)).toBe(true);
  });

  it('creates 20-60 playable episodes per series, numbered 1..totalEpisodes', async () => {
    const rows = await t.db.select().from(series);
    const clipUrls = new Set(DEMO_CLIPS.map(demoClipUrl));
    for (const s of rows) {
      const list = await t.db
        .select()
        .from(episodes)
        .where(eq(episodes.seriesId, s.id))
        .orderBy(asc(episodes.episodeNumber));
      expect(list.length, s.title).toBeGreaterThanOrEqual(20);
      expect(list.length, s.title).toBeLessThanOrEqual(60);
      expect(list.length, s.title).toBe(s.totalEpisodes);
      expect(list.map((e) => e.episodeNumber)).toEqual(list.map((_, i) => i + 1));
      expect(new Set(list.map((e) => e.title)).size, s.title).toBe(list.length);
      for (const e of list) {
        expect(clipUrls.has(e.videoUrl), e.videoUrl).toBe(true);
        expect(e.thumbnailUrl).toBe(s.verticalThumbnailUrl);
        const clip = DEMO_CLIPS.find((c) => demoClipUrl(c) === e.videoUrl)!;
        expect(e.duration).toBe(clip.seconds);
      }
    }
  });

  it('writes the artwork every series refers to, as escaped SVG of the right shape', async () => {
    const rows = await t.db.select().from(series);
    for (const s of rows) {
      const wide = fs.readFileSync(path.join(t.mediaDir, s.thumbnailUrl.replace('/media/', '')), 'utf8');
      const vertical = fs.readFileSync(path.join(t.mediaDir, s.verticalThumbnailUrl!.replace('/media/', '')), 'utf8');
      expect(wide).toMatch(/^<svg [^>]*width="1280" height="720"/);
      expect(vertical).toMatch(/^<svg [^>]*width="540" height="960"/);
      expect(vertical).toContain(s.genre.toUpperCase().replace(/&/g, '&amp;'));
      expect(vertical).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
    const ampersand = rows.find((r) => r.title.includes('&'))!;
    const svg = fs.readFileSync(path.join(t.mediaDir, ampersand.thumbnailUrl.replace('/media/', '')), 'utf8');
    expect(svg).toContain('Maple &amp; Main');
  });

  it('uses a different colour scheme for every series', async () => {
    const rows = await t.db.select().from(series);
    const gradients = rows.map((s) => {
      const svg = fs.readFileSync(path.join(t.mediaDir, s.verticalThumbnailUrl!.replace('/media/', '')), 'utf8');
      return /<linearGradient id="bg".*?<\/linearGradient>/.exec(svg)![0];
    });
    expect(new Set(gradients).size).toBe(rows.length);
  });

  it('fills the carousel with 5 items in display order 1-5', async () => {
    const items = await t.db.select().from(carouselItems).orderBy(asc(carouselItems.displayOrder));
    expect(items.map((i) => i.displayOrder)).toEqual([1, 2, 3, 4, 5]);
    expect(items.every((i) => i.isActive)).toBe(true);
    expect(new Set(items.map((i) => i.seriesId)).size).toBe(5);
  });

  it('fills Trending Now with 7 items, ranks 1-7 and match 85-99', async () => {
    const items = await t.db.select().from(trendingItems).orderBy(asc(trendingItems.rank));
    expect(items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(items.map((i) => i.seriesId)).size).toBe(7);
    for (const item of items) {
      expect(item.isActive).toBe(true);
      expect(item.matchPercentage).toBeGreaterThanOrEqual(85);
      expect(item.matchPercentage).toBeLessThanOrEqual(99);
    }
  });

  it('translates every hero slide and more (at least five series) into Spanish, Arabic, Japanese and Hindi', async () => {
    const rows = await t.db.select().from(seriesTranslations);
    const slides = await t.db.select().from(carouselItems);
    const originals = new Map((await t.db.select().from(series)).map((s) => [s.id, s]));
    for (const language of ['es', 'ar', 'ja', 'hi']) {
      const translated = rows.filter((row) => row.language === language);
      expect(translated.length, language).toBeGreaterThanOrEqual(5);
      for (const slide of slides)
        expect(
          translated.some((row) => row.seriesId === slide.seriesId),
          language,
        ).toBe(true);
      for (const row of translated) {
        expect(row.title, language).not.toBe(originals.get(row.seriesId)!.title);
        expect(row.description.length, language).toBeGreaterThan(20);
      }
    }
  });

  it("creates no viewer (the only one is the test's own): viewers are made by the server on their first write", async () => {
    const rows = await t.db.select({ id: users.id }).from(users);
    expect(rows.map((row) => row.id)).toEqual([t.viewerId]);
  });

  it('adds nothing when run again, and gives the same titles every time', async () => {
    const before = await counts();
    const titles = (await t.db.select({ title: series.title }).from(series).orderBy(asc(series.id))).map(
      (r) => r.title,
    );
    const again = await seedDemoCatalogue(t.db, { mediaDir: t.mediaDir, log: () => {} });
    expect(again).toBe(false);
    expect(await counts()).toEqual(before);
    const titlesAfter = (await t.db.select({ title: series.title }).from(series).orderBy(asc(series.id))).map(
      (r) => r.title,
    );
    expect(titlesAfter).toEqual(titles);
  });

  it('seeds in well under a few seconds', () => {
    const ms = Number(/seeded in (\d+) ms/.exec(logs.join('\n'))![1]);
    expect(ms).toBeLessThan(5000);
  });
});

async function counts() {
  const [s] = await t.db.select({ n: count() }).from(series);
  const [e] = await t.db.select({ n: count() }).from(episodes);
  const [c] = await t.db.select({ n: count() }).from(carouselItems);
  const [tr] = await t.db.select({ n: count() }).from(trendingItems);
  return { series: s!.n, episodes: e!.n, carousel: c!.n, trending: tr!.n };
}
