import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarouselItem, Series, SeriesPage, SeriesTranslation, TrendingItem } from '#contract/index.ts';
import { seriesTranslations } from '../../db/schema.ts';
import { createCarouselItems, createTrendingItems, deleteAllSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { chooseTranslation } from './translation-choice.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

let ferry: Series;
beforeEach(async () => {
  await deleteAllSeries(t.db);
  const res = await t.admin({
    method: 'POST',
    url: '/api/series',
    payload: {
      title: 'The Last Ferry',
      description: 'A pilot has one night to save forty strangers.',
      genre: 'Drama',
      thumbnailUrl: '/media/art/ferry.svg',
      tags: ['Storm'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  ferry = res.json();
});

const SPANISH = {
  title: 'El último ferri',
  description: 'Una piloto tiene una noche para salvar a cuarenta.',
  tags: ['Tormenta'],
};
const ARABIC = { title: 'العبّارة الأخيرة', description: 'أمام الطيّارة ليلة واحدة لإنقاذ أربعين غريبًا.' };
const JAPANESE = { title: '最後のフェリー', description: '一夜で四十人を救え。' };

const save = (language: string, payload: object, id = ferry.id) =>
  t.admin({ method: 'PUT', url: `/api/series/${id}/translations/${language}`, payload });
const read = (url: string) => t.viewer({ method: 'GET', url });
const translationRows = () => t.db.select().from(seriesTranslations);

describe('operators translate a series', () => {
  it('saves, lists, replaces and removes a translation per language', async () => {
    const saved = await save('es', SPANISH);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ language: 'es', ...SPANISH });
    expect((await save('AR', ARABIC)).json()).toMatchObject({ language: 'ar', tags: [] });

    const list = await t.admin({ method: 'GET', url: `/api/series/${ferry.id}/translations` });
    expect((list.json() as SeriesTranslation[]).map((x) => x.language)).toEqual(['ar', 'es']);
    const languages = await t.admin({ method: 'GET', url: '/api/admin/series-languages' });
    expect(languages.json()).toEqual([{ seriesId: ferry.id, languages: ['ar', 'es'] }]);

    expect((await save('es', { ...SPANISH, title: 'El ferri' })).json().title).toBe('El ferri');
    expect(await translationRows()).toHaveLength(2);

    const removed = await t.admin({ method: 'DELETE', url: `/api/series/${ferry.id}/translations/ar` });
    expect(removed.statusCode).toBe(204);
    expect((await translationRows()).map((row) => row.language)).toEqual(['es']);
    const again = await t.admin({ method: 'DELETE', url: `/api/series/${ferry.id}/translations/ar` });
    expect(again.statusCode).toBe(404);
  });

  it('stores any BCP 47 tag in its canonical spelling', async () => {
    expect((await save('pt-br', { title: 'A última balsa' })).json().language).toBe('pt-BR');
    expect((await save('zh-hant-tw', { title: '最後的渡輪' })).json().language).toBe('zh-Hant-TW');
    expect((await save('gsw', { title: 'Di letscht Fähre' })).json().language).toBe('gsw');
  });

  it.each([
    ['a bad tag', 'en@US', SPANISH, 'language'],
    ['digits for a language', '12-ab', SPANISH, 'language'],
    ['no title', 'es', { description: 'x' }, 'title'],
    ['an empty title', 'es', { title: '   ' }, 'title'],
    ['a long title', 'es', { title: 'x'.repeat(201) }, 'title'],
    ['too many tags', 'es', { title: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ['a NUL in the text', 'es', { title: 'El\u0000ferri' }, 'title'],
  ])('refuses %s with a readable 400 and writes nothing', async (_, language, payload, field) => {
    const res = await save(language, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/\w/);
    expect(body.field ?? body.message).toContain(field);
    expect(await translationRows()).toHaveLength(0);
  });

  it('answers 404 for an unknown series and 401 to anyone but an operator', async () => {
    expect((await save('es', SPANISH, 999_999)).statusCode).toBe(404);
    expect(
      (await t.viewer({ method: 'PUT', url: `/api/series/${ferry.id}/translations/es`, payload: SPANISH })).statusCode,
    ).toBe(401);
    expect((await t.viewer({ method: 'GET', url: '/api/admin/series-languages' })).statusCode).toBe(401);
    expect(await translationRows()).toHaveLength(0);
  });

  it('goes with its series when the series is deleted', async () => {
    await save('es', SPANISH);
    await t.admin({ method: 'DELETE', url: `/api/series/${ferry.id}` });
    expect(await translationRows()).toHaveLength(0);
  });
});

describe('viewers read the catalogue in their language', () => {
  beforeEach(async () => {
    await save('es', SPANISH);
    await save('ar', ARABIC);
    await save('ja', JAPANESE);
    await createCarouselItems(t.db, [{ seriesId: ferry.id }]);
    await createTrendingItems(t.db, [{ seriesId: ferry.id }]);
  });

  it('in Spanish gets Spanish everywhere a series is read; in Korean the original', async () => {
    for (const [lang, title] of [
      ['es', SPANISH.title],
      ['ko', 'The Last Ferry'],
    ] as const) {
      for (const list of ['/api/series', '/api/series/new', '/api/series/popular', '/api/series/trending']) {
        const res = await read(`${list}?lang=${lang}`);
        expect(res.statusCode).toBe(200);
        expect((res.json() as Series[])[0]!.title, `${list} ${lang}`).toBe(title);
      }
      expect((await read(`/api/series/${ferry.id}?lang=${lang}`)).json().title).toBe(title);
      expect(((await read(`/api/carousel?lang=${lang}`)).json() as CarouselItem[])[0]!.series.title).toBe(title);
      expect(((await read(`/api/trending?lang=${lang}`)).json() as TrendingItem[])[0]!.series.title).toBe(title);
    }
    const spanish: Series = (await read(`/api/series/${ferry.id}?lang=es`)).json();
    expect(spanish).toMatchObject({ description: SPANISH.description, tags: SPANISH.tags, genre: 'Drama' });
    // Without a language: the original, which is what operators edit.
    expect((await read(`/api/series/${ferry.id}`)).json().title).toBe('The Last Ferry');
  });

  it('keeps the original description and tags where a translation has none', async () => {
    const arabic: Series = (await read(`/api/series/${ferry.id}?lang=ar`)).json();
    expect(arabic).toMatchObject({ title: ARABIC.title, description: ARABIC.description, tags: ['Storm'] });
    await save('ar', { title: ARABIC.title });
    expect((await read(`/api/series/${ferry.id}?lang=ar`)).json().description).toBe(ferry.description);
  });

  it('gives each language its own ETag, and 304 for the one the viewer has', async () => {
    const spanish = await read('/api/series?lang=es');
    const korean = await read('/api/series?lang=ko');
    const original = await read('/api/series');
    expect(spanish.headers.etag).not.toBe(korean.headers.etag);
    // Nothing is translated into Korean: the same bytes as the original.
    expect(korean.headers.etag).toBe(original.headers.etag);
    const again = await t.viewer({
      method: 'GET',
      url: '/api/series?lang=es',
      headers: { 'if-none-match': String(spanish.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows a saved translation on the next read, and the original once it is removed', async () => {
    expect((await read(`/api/series/${ferry.id}?lang=es`)).json().title).toBe(SPANISH.title);
    await save('es', { ...SPANISH, title: 'El ferri de la noche' });
    expect((await read(`/api/series/${ferry.id}?lang=es`)).json().title).toBe('El ferri de la noche');
    await t.admin({ method: 'DELETE', url: `/api/series/${ferry.id}/translations/es` });
    expect((await read(`/api/series/${ferry.id}?lang=es`)).json().title).toBe('The Last Ferry');
  });

  it('takes the same language in another region, but never another script', async () => {
    await save('zh-Hant', { title: '最後的渡輪' });
    expect((await read(`/api/series/${ferry.id}?lang=es-MX`)).json().title).toBe(SPANISH.title);
    expect((await read(`/api/series/${ferry.id}?lang=zh-TW`)).json().title).toBe('最後的渡輪');
    expect((await read(`/api/series/${ferry.id}?lang=zh-CN`)).json().title).toBe('The Last Ferry');
  });

  it('refuses a language that is not a language tag', async () => {
    const res = await read('/api/series?lang=<script>');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('BCP 47');
  });

  it('finds a series by its Spanish, Arabic or Japanese title and answers in the viewer language', async () => {
    const search = async (q: string, lang?: string) =>
      (await read(`/api/series/search?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`)).json() as SeriesPage;
    // Without accents, as people type.
    expect((await search('ultimo ferri')).items.map((s) => s.id)).toEqual([ferry.id]);
    expect((await search('العبّارة')).items.map((s) => s.id)).toEqual([ferry.id]);
    expect((await search('フェリー')).items.map((s) => s.id)).toEqual([ferry.id]);
    expect((await search('フェリー', 'es')).items[0]!.title).toBe(SPANISH.title);
    expect((await search('ferry', 'ko')).items[0]!.title).toBe('The Last Ferry');
    expect((await search('ferry', 'ja')).items[0]!.title).toBe(JAPANESE.title);
    // A series matching in two languages is one result.
    await save('fr', { title: 'Le dernier ferry' });
    const both = await search('ferry');
    expect(both.items).toHaveLength(1);
    expect(both.total).toBe(1);
  });
});

describe('choosing a translation', () => {
  it.each([
    [['es', 'es-MX'], 'es', 'es'],
    [['es-MX'], 'es', 'es-MX'],
    [['pt-PT', 'pt-BR'], 'pt', 'pt-BR'],
    [['zh-Hant'], 'zh-TW', 'zh-Hant'],
    [['zh-Hans', 'zh-Hant'], 'zh-CN', 'zh-Hans'],
    [['zh-Hant'], 'zh-CN', undefined],
    [['sr-Latn'], 'sr', undefined],
    [['en'], 'ko', undefined],
  ])('%j for %s → %s', (available, wanted, expected) => {
    expect(chooseTranslation(available, wanted)).toBe(expected);
  });
});
