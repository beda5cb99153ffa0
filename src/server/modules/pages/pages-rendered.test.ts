import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, VIEWER_PAGE_QUERIES, type PageData } from '#contract/page-data.ts';
import { LANGUAGE_COOKIE } from '#contract/languages.ts';
import { createCarouselItems, createSeries } from '../../testing/factory.ts';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../../testing/harness.ts';

// The web app's server entry from source: the same module `vite build` compiles into dist/ssr.
const SSR_ENTRY = path.resolve(import.meta.dirname, '../../../web/entry-server.tsx');
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>app</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

let t: TestContext;
let clientDir: string;
let seriesId: number;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-rendered-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createTestContext({ CLIENT_DIR: clientDir, SSR_ENTRY });
  const hero = { title: 'Harbour <Lights>', description: 'A ferry captain and a storm.' };
  const art = { thumbnailUrl: '/media/art/harbour-wide.svg', verticalThumbnailUrl: '/media/art/harbour-poster.svg' };
  seriesId = (await createSeries(t.db, { ...hero, ...art })).id;
  await createSeries(t.db, { title: 'Ferry Tales', genre: 'Comedy', thumbnailUrl: '/media/art/ferry.svg' });
  await createCarouselItems(t.db, [{ seriesId }]);
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
function served(html: string): PageData {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return JSON.parse(match![1]!) as PageData;
}

describe('viewer pages rendered on the server', () => {
  it('renders every viewer page with its data, and hands the browser the cache it was rendered from', async () => {
    for (const page of VIEWER_PAGE_QUERIES) {
      const url = page.path.replace(':id', String(seriesId));
      const reply = await t.viewer({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      const root = rootOf(reply.body);
      expect(root.length, url).toBeGreaterThan(500);
      const data = served(reply.body);
      expect(data.queries?.length, url).toBeGreaterThan(0);
    }
  });

  it('shows the series as the API has it, escaped, on home and on its own page', async () => {
    const home = await t.viewer({ method: 'GET', url: '/' });
    expect(rootOf(home.body)).toContain('Harbour &lt;Lights&gt;');
    expect(rootOf(home.body)).toContain(`href="/series/${seriesId}"`);
    const page = await t.viewer({ method: 'GET', url: `/series/${seriesId}` });
    expect(rootOf(page.body)).toContain('A ferry captain and a storm.');
    const cached = served(page.body).queries!.find(
      (query) => JSON.stringify(query.key) === JSON.stringify(['/api/series', String(seriesId), { lang: 'en' }]),
    );
    expect(cached?.data).toEqual((await t.viewer({ method: 'GET', url: `/api/series/${seriesId}` })).json());
  });

  it('renders in the language of the cookie, else of Accept-Language, with its direction', async () => {
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
    const accessCookie = `${access.cookies[0]!.name}=${access.cookies[0]!.value}`;
    const withLanguage = (name: string) => ({
      method: 'GET' as const,
      url: '/discover',
      headers: { cookie: `${accessCookie}; ${LANGUAGE_COOKIE}=${name}` },
    });
    const arabic = await t.app.inject(withLanguage('ar'));
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    const german = await t.viewer({
      method: 'GET',
      url: '/discover',
      headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
    });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    const unknown = await t.app.inject(withLanguage('klingon'));
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
    expect(rootOf(german.body)).not.toEqual(rootOf(unknown.body));
  });

  it("makes home once per catalogue version and language, never with one viewer's own data", async () => {
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
    const other = `${access.cookies[0]!.name}=${access.cookies[0]!.value}`;
    const home = (cookie?: string) =>
      cookie ? t.app.inject({ method: 'GET', url: '/', headers: { cookie } }) : t.viewer({ method: 'GET', url: '/' });
    const first = await home();
    const again = await home(other);
    expect(again.body).toBe(first.body);
    expect(first.body).not.toMatch(/"\/api\/user"|"coins"/);
    const spanish = await home(`${other}; ${LANGUAGE_COOKIE}=es`);
    expect(spanish.body).toContain('<html lang="es" dir="ltr">');
    expect(JSON.stringify(served(spanish.body).queries)).toContain('"lang":"es"');
    expect(JSON.stringify(served(first.body).queries)).not.toContain('"lang":"es"');
    await t.admin({ method: 'PUT', url: `/api/series/${seriesId}`, payload: { title: 'Harbour Nights' } });
    expect((await home(other)).body).toContain('Harbour Nights');
  });

  it('renders discover for its query, after the plain page was made: a genre pressed and only its series; words searched', async () => {
    const chipPressed = (html: string, name: string) =>
      new RegExp(`<button type="button" aria-pressed="true"[^>]*>${name}</button>`).test(rootOf(html));
    const plain = await t.viewer({ method: 'GET', url: '/discover' });
    expect(chipPressed(plain.body, 'All')).toBe(true);
    for (const url of ['/discover?genre=Comedy', '/discover?q=ferry+tales']) {
      // Twice: made, then sent as kept.
      for (const visit of [1, 2]) {
        const reply = await t.viewer({ method: 'GET', url });
        const root = rootOf(reply.body);
        expect(root, `${url} (${visit})`).toContain('Ferry Tales');
        expect(root, `${url} (${visit})`).not.toContain('Harbour');
        if (url.includes('genre')) {
          expect(chipPressed(reply.body, 'Comedy'), `${url} (${visit})`).toBe(true);
          expect(chipPressed(reply.body, 'All'), `${url} (${visit})`).toBe(false);
        } else expect(root, `${url} (${visit})`).toContain('value="ferry tales"');
      }
    }
    // The plain page is still the plain page.
    expect((await t.viewer({ method: 'GET', url: '/discover' })).body).toBe(plain.body);
  });

  it("makes a series page once for everyone, without the viewer's own data, which the browser reads after", async () => {
    const url = `/series/${seriesId}`;
    const liked = await t.viewer({ method: 'POST', url: `/api/user/user-1/like/${seriesId}` });
    expect(liked.statusCode).toBe(200);
    // The like changes the series' count: the page is made again once the change has reached this instance.
    let page = await t.viewer({ method: 'GET', url });
    await expect
      .poll(async () => {
        const previous = page.body;
        page = await t.viewer({ method: 'GET', url });
        return page.body === previous;
      })
      .toBe(true);
    const keys = served(page.body).queries!.map((query) => String(query.key[0]));
    expect(keys.some((key) => key.startsWith('/api/user'))).toBe(false);
    // Liked, yet the page says "Like": the same page as for anyone else, until the browser reads the likes.
    expect(rootOf(page.body)).toMatch(/<button type="button" class="[^"]*" aria-pressed="false"/);
    expect(rootOf(page.body)).toContain('A ferry captain and a storm.');
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[1] } });
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${access.cookies[0]!.name}=${access.cookies[0]!.value}` },
    });
    expect(other.body).toBe(page.body);
  });

  it('renders nothing for a visitor without access: the plain page, no catalogue', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/' });
    expect(reply.body).toBe(INDEX_HTML);
  });

  it('leaves a page whose read fails (an unknown series) to the browser, with the data it has', async () => {
    const reply = await t.viewer({ method: 'GET', url: '/series/999999' });
    expect(reply.statusCode).toBe(200);
    expect(rootOf(reply.body)).toBe('');
    expect(served(reply.body).queries).toBeUndefined();
  });
});
