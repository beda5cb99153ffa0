import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeries } from '../../testing/factory.ts';
import { ACCESS_COOKIE } from '../../plugins/guards.ts';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../../testing/harness.ts';
import { createPreparedPages, pageAddress } from './prepared-pages.ts';

let t: TestContext;
let withAccess: FastifyRequest;
const withoutAccess = { cookies: {} } as FastifyRequest;

beforeAll(async () => {
  t = await createTestContext();
  const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
  withAccess = { cookies: { [ACCESS_COOKIE]: access.cookies[0]!.value } } as unknown as FastifyRequest;
});

afterAll(async () => {
  await t?.close();
});

/** A page of about `kb` kilobytes that does not compress (so its three copies weigh about 3 × kb). */
const pageOf = (kb: number, seed: number) => {
  let x = seed + 1;
  const text = Array.from({ length: kb * 1024 }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return String.fromCharCode(33 + (x % 90));
  });
  return { html: text.join(''), sameForEveryone: true };
};

describe('prepared pages', () => {
  it('keep a page under its whole address: no query or a catalogue genre among the many, any other query apart', () => {
    expect(pageAddress('/discover', 'en')).toEqual({ key: '/discover|en', common: true });
    expect(pageAddress('/discover?genre=Comedy', 'es')).toEqual({ key: '/discover?genre=Comedy|es', common: true });
    expect(pageAddress('/discover?genre=Comedy', 'en').key).not.toBe(pageAddress('/discover', 'en').key);
    expect(pageAddress('/discover?genre=Nonsense', 'en')).toEqual({
      key: '/discover?genre=Nonsense|en',
      common: false,
    });
    expect(pageAddress('/discover?q=ferry', 'en')).toEqual({ key: '/discover?q=ferry|en', common: false });
    expect(pageAddress('/discover?genre=Comedy&q=ferry', 'en').common).toBe(false);
  });

  it('are sent only to visitors with access, and only while the catalogue is as they were made from', async () => {
    const pages = createPreparedPages(t.app);
    const address = pageAddress('/somewhere', 'en');
    expect(await pages.made(address, withAccess, async () => ({ html: '<p>one</p>', sameForEveryone: true }))).not.toBe(
      null,
    );
    expect(pages.forVisitor(address, withAccess)?.identity.toString()).toBe('<p>one</p>');
    expect(pages.forVisitor(address, withoutAccess)).toBeUndefined();
    // A page that is one visitor's own is never kept.
    const own = pageAddress('/own', 'en');
    expect(await pages.made(own, withAccess, async () => ({ html: '<p>mine</p>', sameForEveryone: false }))).toBe(
      '<p>mine</p>',
    );
    expect(pages.forVisitor(own, withAccess)).toBeUndefined();
    // A catalogue change: made again on the next visit.
    await createSeries(t.db, { title: 'New', description: 'd', thumbnailUrl: '/x.svg' });
    await expect.poll(() => pages.forVisitor(address, withAccess)).toBeUndefined();
  });

  it('make a page once for a crowd arriving together', async () => {
    const pages = createPreparedPages(t.app);
    const address = pageAddress('/crowd', 'en');
    let makes = 0;
    const make = async () => {
      makes++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { html: '<p>crowd</p>', sameForEveryone: true };
    };
    const sent = await Promise.all(Array.from({ length: 20 }, () => pages.made(address, withAccess, make)));
    expect(makes).toBe(1);
    expect(new Set(sent).size).toBe(1);
  });

  it('stay within their memory, the least recently sent going first; odd queries cannot push out common pages', async () => {
    const weigh = createPreparedPages(t.app);
    await weigh.made(pageAddress('/weighed', 'en'), withAccess, async () => pageOf(10, 0));
    // Each page weighs about 25 kB (plain, gzip and brotli of 10 kB): three fit in the common budget, one in the other.
    const size = weigh.bytes().common;
    const pages = createPreparedPages(t.app, { common: Math.round(size * 3.5), other: Math.round(size * 1.5) });
    const common = (n: number) => pageAddress(`/series/${n}`, 'en');
    for (const n of [1, 2, 3]) await pages.made(common(n), withAccess, async () => pageOf(10, n));
    pages.forVisitor(common(1), withAccess);
    await pages.made(common(4), withAccess, async () => pageOf(10, 4));
    expect(pages.forVisitor(common(1), withAccess)).toBeDefined();
    expect(pages.forVisitor(common(2), withAccess)).toBeUndefined();
    expect(pages.bytes().common).toBeLessThanOrEqual(size * 3.5);

    for (let n = 0; n < 50; n++) {
      await pages.made(pageAddress(`/discover?q=word${n}`, 'en'), withAccess, async () => pageOf(10, 100 + n));
    }
    expect(pages.bytes().other).toBeLessThanOrEqual(size * 1.5);
    expect(pages.forVisitor(pageAddress('/discover?q=word49', 'en'), withAccess)).toBeDefined();
    expect(pages.forVisitor(pageAddress('/discover?q=word0', 'en'), withAccess)).toBeUndefined();
    for (const n of [1, 3, 4]) expect(pages.forVisitor(common(n), withAccess), `/series/${n}`).toBeDefined();
  });
});
