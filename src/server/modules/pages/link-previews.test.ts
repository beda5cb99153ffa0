import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '#contract/constants.ts';
import { LANGUAGE_TAGS } from '#contract/languages.ts';
import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data.ts';
import { createSeriesWithEpisodes } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { wrapTitle } from './link-preview-image.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>app</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const TITLE = 'He said "run" </script><b>&';
const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let t: TestContext;
let clientDir: string;
let seriesId: number;
let episodeId: number;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-previews-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createTestContext({ CLIENT_DIR: clientDir, PUBLIC_URL: 'https://cliff.example' });
  // A real picture in the media folder, as an operator's upload leaves it.
  fs.mkdirSync(path.join(t.mediaDir, 'art'), { recursive: true });
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0xb91c1c:s=360x640',
    '-frames:v',
    '1',
    path.join(t.mediaDir, 'art', 'poster.png'),
  ]);
  const made = await createSeriesWithEpisodes(t.db, {
    title: TITLE,
    description: 'A ferry, a storm and a <secret>.',
    thumbnailUrl: '/media/art/poster.png',
    totalEpisodes: 3,
  });
  seriesId = made.id;
  episodeId = made.episodes[1]!.id;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A request with no cookie at all: a bot, or a person who has not entered a code. */
const stranger = (options: Parameters<TestContext['visitor']>[0]) => t.app.inject(options);

const metaOf = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];
const unescaped = (value: string | undefined) =>
  value
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The width and height a JPEG's start-of-frame says. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no frame header');
}

describe('link previews on the pages a shared link opens', () => {
  it('gives a series page its Open Graph and Twitter tags, escaped, with canonical and 15 alternates', async () => {
    const reply = await t.viewer({ method: 'GET', url: `/series/${seriesId}` });
    expect(reply.statusCode).toBe(200);
    const html = reply.body;
    expect(unescaped(metaOf(html, 'og:title'))).toBe(TITLE);
    expect(unescaped(metaOf(html, 'twitter:title'))).toBe(TITLE);
    expect(unescaped(metaOf(html, 'og:description'))).toBe('A ferry, a storm and a <secret>.');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:type')).toBe('video.tv_show');
    expect(metaOf(html, 'og:locale')).toBe('en');
    // Nothing of the title escapes its attribute or ends an element.
    expect(html).not.toContain('"run"');
    expect(html.split('</script>').length).toBe(INDEX_HTML.split('</script>').length + 1);
    expect(html).toContain(`<title>He said &quot;run&quot; &lt;/script&gt;&lt;b&gt;&amp;</title>`);
    expect(html).toContain(`<link rel="canonical" href="https://cliff.example/series/${seriesId}">`);
    expect(metaOf(html, 'og:url')).toBe(`https://cliff.example/series/${seriesId}`);
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)];
    expect(alternates.map((match) => match[1]).sort()).toEqual(
      [...LANGUAGES.map((language) => LANGUAGE_TAGS[language]), 'x-default'].sort(),
    );
    for (const [, tag, href] of alternates) {
      const expected = tag === 'x-default' ? '' : `?lang=${encodeURIComponent(tag!)}`;
      expect(unescaped(href)).toBe(`https://cliff.example/series/${seriesId}${expected}`);
    }
    expect(metaOf(html, 'og:image')).toMatch(
      new RegExp(`^https://cliff\\.example/link-previews/series/${seriesId}\\?lang=en&amp;v=[\\w-]+$`),
    );
  });

  it('shows a page in the language its address names, with that address as canonical', async () => {
    const reply = await t.viewer({ method: 'GET', url: `/series/${seriesId}?lang=ja` });
    expect(reply.statusCode).toBe(200);
    expect(metaOf(reply.body, 'og:locale')).toBe('ja');
    expect(reply.body).toContain(`<link rel="canonical" href="https://cliff.example/series/${seriesId}?lang=ja">`);
    expect(metaOf(reply.body, 'og:image')).toContain('lang=ja');
  });

  it('gives a watch page its episode preview from the answers it holds', async () => {
    const reply = await t.viewer({ method: 'GET', url: `/watch/${episodeId}` });
    expect(reply.statusCode).toBe(200);
    expect(unescaped(metaOf(reply.body, 'og:title'))).toBe(`${TITLE} · #2`);
    expect(metaOf(reply.body, 'og:type')).toBe('video.episode');
    expect(reply.body).toContain(`<link rel="canonical" href="https://cliff.example/watch/${episodeId}">`);
    expect([...reply.body.matchAll(/hreflang="/g)]).toHaveLength(16);
  });

  it('serves the picture as a 1200×630 JPEG, made once and then read from disk', async () => {
    const page = await t.viewer({ method: 'GET', url: `/series/${seriesId}` });
    const image = unescaped(metaOf(page.body, 'og:image'))!.replace('https://cliff.example', '');
    const first = await t.viewer({ method: 'GET', url: image });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(jpegSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    const folder = path.join(t.app.config.dataDir, 'link-previews');
    const kept = fs.readdirSync(folder).filter((name) => name.endsWith('.jpg'));
    expect(kept).toHaveLength(1);
    const made = fs.statSync(path.join(folder, kept[0]!)).mtimeMs;
    const second = await t.viewer({ method: 'GET', url: image });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fs.statSync(path.join(folder, kept[0]!)).mtimeMs).toBe(made);
    // Another version than today's is answered with today's picture, kept only briefly.
    const stale = await t.viewer({ method: 'GET', url: `/link-previews/series/${seriesId}?lang=en&v=old` });
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
    expect((await t.viewer({ method: 'GET', url: `/link-previews/series/${seriesId}?lang=xx` })).statusCode).toBe(400);
    expect((await t.viewer({ method: 'GET', url: '/link-previews/series/999999' })).statusCode).toBe(404);
  });
});

describe('a link-preview bot with the access gate on', () => {
  it('gets the tags and nothing else of the series and watch pages', async () => {
    for (const url of [`/series/${seriesId}`, `/watch/${episodeId}`]) {
      const reply = await stranger({ method: 'GET', url, headers: { 'user-agent': CRAWLER } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['vary'], url).toContain('User-Agent');
      expect(unescaped(metaOf(reply.body, 'og:title')), url).toContain(TITLE);
      expect(reply.body, url).not.toContain('<script');
      expect(reply.body, url).not.toContain(PAGE_DATA_ELEMENT_ID);
      expect(reply.body, url).not.toContain('id="root"');
      expect(reply.body, url).not.toContain('/assets/');
      expect(reply.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('gets the picture, and a 401 from the API like anyone without the cookie', async () => {
    const page = await stranger({ method: 'GET', url: `/series/${seriesId}`, headers: { 'user-agent': CRAWLER } });
    const image = unescaped(metaOf(page.body, 'og:image'))!.replace('https://cliff.example', '');
    const picture = await stranger({ method: 'GET', url: image, headers: { 'user-agent': CRAWLER } });
    expect(picture.statusCode).toBe(200);
    expect(jpegSize(picture.rawPayload)).toEqual({ width: 1200, height: 630 });
    for (const url of [`/api/series/${seriesId}`, `/api/episodes/${episodeId}`, '/api/carousel']) {
      const api = await stranger({ method: 'GET', url, headers: { 'user-agent': CRAWLER } });
      expect(api.statusCode, url).toBe(401);
    }
    // Pages that are no shared link's landing page stay the gate for bots too.
    const home = await stranger({ method: 'GET', url: '/', headers: { 'user-agent': CRAWLER } });
    expect(home.body).not.toContain('og:title');
  });

  it('leaves a person without the cookie at the gate, with no picture', async () => {
    const page = await stranger({ method: 'GET', url: `/series/${seriesId}`, headers: { 'user-agent': PERSON } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    const watch = await stranger({ method: 'GET', url: `/watch/${episodeId}`, headers: { 'user-agent': PERSON } });
    expect(watch.body).toBe(INDEX_HTML);
    const picture = await stranger({
      method: 'GET',
      url: `/link-previews/series/${seriesId}`,
      headers: { 'user-agent': PERSON },
    });
    expect(picture.statusCode).toBe(401);
  });

  it('gets no preview of an episode or series that does not exist', async () => {
    const reply = await stranger({ method: 'GET', url: '/series/999999', headers: { 'user-agent': CRAWLER } });
    expect(reply.body).toBe(INDEX_HTML);
    const watch = await stranger({ method: 'GET', url: '/watch/999999', headers: { 'user-agent': CRAWLER } });
    expect(watch.body).toBe(INDEX_HTML);
  });
});

describe('robots.txt and the sitemap', () => {
  it('keep every crawler out with the gate on, but for the preview bots on shared pages', async () => {
    const robots = await stranger({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body.split('\n\n')[0]).toBe('User-agent: *\nDisallow: /');
    expect(robots.body).not.toContain('Sitemap');
    expect((await stranger({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(404);
  });

  it('let crawlers in and list every series with ACCESS_GATE=off', async () => {
    const open = await createTestContext(
      { CLIENT_DIR: clientDir, PUBLIC_URL: 'https://cliff.example', ACCESS_GATE: 'off' },
      { sharingDatabaseOf: t },
    );
    try {
      const robots = await open.visitor({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('User-agent: *\nAllow: /\n');
      expect(robots.body).toContain('Sitemap: https://cliff.example/sitemap.xml');
      const sitemap = await open.visitor({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toContain('application/xml');
      expect(sitemap.body).toContain(`<loc>https://cliff.example/series/${seriesId}</loc>`);
      // Everyone gets the page itself, tags included, the bots too.
      const page = await open.visitor({
        method: 'GET',
        url: `/series/${seriesId}`,
        headers: { 'user-agent': CRAWLER },
      });
      expect(page.body).toContain(PAGE_DATA_ELEMENT_ID);
      expect(unescaped(metaOf(page.body, 'og:title'))).toBe(TITLE);
    } finally {
      await open.close();
    }
  });
});

describe('the title drawn on the picture', () => {
  it('is broken between words, or between letters where a script has no spaces', () => {
    expect(wrapTitle('The Ferry at the End of the Storm')).toEqual(['The Ferry at the', 'End of the Storm']);
    expect(wrapTitle('霸道总裁爱上我之契约婚姻的秘密与真相大白')).toEqual([
      '霸道总裁爱上我之契约',
      '婚姻的秘密与真相大白',
    ]);
    expect(wrapTitle('word '.repeat(40))).toHaveLength(4);
    expect(wrapTitle('word '.repeat(40)).at(-1)).toMatch(/…$/);
  });
});
