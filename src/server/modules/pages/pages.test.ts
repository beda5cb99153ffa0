import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, VIEWER_PAGE_QUERIES, type PageData } from '#contract/page-data.ts';
import { createCarouselItems, createSeries } from '../../testing/factory.ts';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../../testing/harness.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>app</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

let t: TestContext;
let clientDir: string;
let seriesId: number;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-pages-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createTestContext({ CLIENT_DIR: clientDir });
  const first = await createSeries(t.db, {
    title: 'Hero </script><b>',
    thumbnailUrl: '/media/art/hero-wide.svg',
    verticalThumbnailUrl: '/media/art/hero-poster.svg',
  });
  const second = await createSeries(t.db, { genre: 'Anime', thumbnailUrl: '/media/art/second.svg' });
  seriesId = first.id;
  // The inactive item comes first by order: the hero shows the active one.
  await createCarouselItems(t.db, [{ seriesId: second.id, isActive: false }, { seriesId: first.id }]);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function served(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : null;
}
const imagePreload = (html: string) =>
  /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(html)?.[1];

describe('viewer pages carry the answers they read first', () => {
  it('puts every query of every viewer page into its HTML, exactly as the API answers it', async () => {
    for (const page of VIEWER_PAGE_QUERIES) {
      const url = page.path.replace(':id', String(seriesId));
      const reply = await t.viewer({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['content-type'], url).toContain('text/html');
      // A page made for one viewer (it may show their account) is theirs alone: no shared cache keeps it.
      expect(reply.headers['cache-control'], url).toBe(page.sameForEveryone ? 'no-cache' : 'private, no-cache');
      const data = served(reply.body);
      expect(data, url).not.toBeNull();
      for (const query of page.queries({ id: String(seriesId) }, 'en')) {
        const api = await t.viewer({ method: 'GET', url: query });
        expect(api.statusCode, query).toBe(200);
        expect(data!.answers[query], query).toEqual(api.json());
      }
      // A "</script>" in a title cannot end the element early.
      expect(reply.body, url).not.toContain('Hero </script>');
    }
  });

  it('keeps a page that gives a visitor their viewer out of shared caches; a shared page gives none', async () => {
    const viewerCookieGiven = (reply: { cookies: { name: string }[] }) =>
      reply.cookies.some((cookie) => cookie.name === 'cliffhanger_viewer');
    const rewards = await t.visitor({ method: 'GET', url: '/rewards' });
    expect(viewerCookieGiven(rewards)).toBe(true);
    expect(rewards.headers['cache-control']).toBe('private, no-cache');
    const series = await t.visitor({ method: 'GET', url: `/series/${seriesId}` });
    expect(viewerCookieGiven(series)).toBe(false);
    expect(series.headers['cache-control']).toBe('no-cache');
  });

  it('carries the catalogue in the viewer language: the app’s language cookie, else the browser’s languages', async () => {
    const saved = await t.admin({
      method: 'PUT',
      url: `/api/series/${seriesId}/translations/es`,
      payload: { title: 'Héroe' },
    });
    expect(saved.statusCode).toBe(200);
    const access = (await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } }))
      .cookies[0]!;
    const page = async (headers: Record<string, string>) =>
      served((await t.app.inject({ method: 'GET', url: `/series/${seriesId}`, headers })).body)!.answers;
    const cookie = `${access.name}=${access.value}`;

    const spanish = await page({ cookie, 'accept-language': 'es-MX,es;q=0.9' });
    expect((spanish[`/api/series/${seriesId}?lang=es`] as { title: string }).title).toBe('Héroe');
    // The language the app last chose wins over the browser's.
    const english = await page({ cookie: `${cookie}; cliffhanger_language=en`, 'accept-language': 'es' });
    expect((english[`/api/series/${seriesId}?lang=en`] as { title: string }).title).toBe('Hero </script><b>');
    // No language of ours: English, as the app would pick.
    const swedish = await page({ cookie, 'accept-language': 'sv-SE, fi;q=0.5' });
    expect(Object.keys(swedish)).toContain(`/api/series/${seriesId}?lang=en`);
    const chinese = await page({ cookie: `${cookie}; cliffhanger_language=zh-TW` });
    expect(Object.keys(chinese)).toContain(`/api/series/${seriesId}?lang=zh-TW`);
  });

  it('fetches the largest image first: the first active hero slide on home, the poster on a series page', async () => {
    const home = await t.viewer({ method: 'GET', url: '/' });
    expect(imagePreload(home.body)).toBe('/media/art/hero-wide.svg');
    const page = await t.viewer({ method: 'GET', url: `/series/${seriesId}` });
    expect(imagePreload(page.body)).toBe('/media/art/hero-poster.svg');
    const discover = await t.viewer({ method: 'GET', url: '/discover' });
    expect(imagePreload(discover.body)).toBeUndefined();
  });

  it('serves a visitor without access the plain page: no catalogue in the HTML', async () => {
    for (const url of ['/', '/discover', `/series/${seriesId}`, '/library', '/rewards', '/profile']) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe(INDEX_HTML);
    }
  });

  it('leaves out what the API refuses (an unknown series) and serves malformed ids the plain page', async () => {
    const unknown = await t.viewer({ method: 'GET', url: '/series/999999' });
    expect(unknown.statusCode).toBe(200);
    expect(served(unknown.body)!.answers['/api/series/999999']).toBeUndefined();
    expect(imagePreload(unknown.body)).toBeUndefined();
    const malformed = await t.viewer({ method: 'GET', url: '/series/abc' });
    expect(malformed.body).toBe(INDEX_HTML);
  });

  it('sends the page compressed to browsers that accept brotli', async () => {
    const reply = await t.viewer({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(served(brotliDecompressSync(reply.rawPayload).toString())).not.toBeNull();
  });

  it("makes home once per catalogue version: an operator's edit shows on the very next visit", async () => {
    const before = await t.viewer({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const again = await t.viewer({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(before.rawPayload)).toBe(true);
    const edit = await t.admin({ method: 'PUT', url: `/api/series/${seriesId}`, payload: { title: 'Retitled hero' } });
    expect(edit.statusCode).toBe(200);
    const after = await t.viewer({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const carousel = served(brotliDecompressSync(after.rawPayload).toString())!.answers['/api/carousel?lang=en'];
    expect(JSON.stringify(carousel)).toContain('Retitled hero');
    const discover = await t.viewer({ method: 'GET', url: '/discover' });
    const lists = Object.entries(served(discover.body)!.answers).filter(([url]) =>
      url.startsWith('/api/series/lists/'),
    );
    expect(lists.length).toBeGreaterThan(0);
    expect(JSON.stringify(lists)).toContain('Retitled hero');
  });

  it('never sends the prepared home page to a visitor without access, or with a forged cookie', async () => {
    await t.viewer({ method: 'GET', url: '/' });
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX_HTML);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'cliffhanger_access=v1.session.code.1.9999999999.forged' },
    });
    expect(forged.body).toBe(INDEX_HTML);
  });
});
