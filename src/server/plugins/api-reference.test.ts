import fs from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../testing/harness.ts';

let t: TestContext;
let accessCookie: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
  expect(access.statusCode).toBe(200);
  const cookie = access.cookies[0]!;
  accessCookie = { [cookie.name]: cookie.value };
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, cookies: accessCookie, headers });

/** The page's scripts and the document Redoc is told to read. */
async function page() {
  const response = await get('/api/docs');
  const html = response.body;
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
    src: /\bsrc="([^"]+)"/.exec(attributes!)?.[1],
    body: body!,
  }));
  const specUrl = /<redoc\b[^>]*\bspec-url="([^"]+)"/.exec(html)?.[1];
  return { response, html, scripts, specUrl };
}

describe('the API reference page', () => {
  it('is behind the access gate, page and script alike', async () => {
    for (const url of ['/api/docs', '/api/docs/redoc.standalone.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401 });
    }
  });

  it('is an HTML page, past the gate, naming the OpenAPI document it shows', async () => {
    const { response, html, specUrl } = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(html).toContain('<title>Cliffhanger API reference</title>');
    expect(specUrl).toBe('/api/openapi.json');
    const document = await get(specUrl!);
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Cliffhanger API' } });
  });

  it("carries no inline script and keeps the app's policy: scripts from our own origin only", async () => {
    const { response, scripts } = await page();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('/api/docs/redoc.standalone.js');
    expect(scripts[0]!.body.trim()).toBe('');
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(policy).toMatch(/(?:^|;)connect-src 'self'/);
  });

  it("serves Redoc's standalone script from node_modules, compressed as the browser accepts, with a validator", async () => {
    const { scripts } = await page();
    const bundle = fs.readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));

    const plain = await get(scripts[0]!.src!);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(bundle)).toBe(true);

    const br = await get(scripts[0]!.src!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(bundle)).toBe(true);

    const gzip = await get(scripts[0]!.src!, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(bundle)).toBe(true);

    const again = await get(scripts[0]!.src!, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('is in the OpenAPI document, as a page and a script', async () => {
    const document = (await get('/api/openapi.json')).json<{
      paths: Record<string, { get: { operationId: string; responses: Record<string, { content?: object }> } }>;
    }>();
    expect(document.paths['/api/docs']!.get.operationId).toBe('getApiReference');
    expect(Object.keys(document.paths['/api/docs']!.get.responses['200']!.content!)).toEqual(['text/html']);
    expect(Object.keys(document.paths['/api/docs/redoc.standalone.js']!.get.responses['200']!.content!)).toEqual([
      'text/javascript',
    ]);
  });
});
