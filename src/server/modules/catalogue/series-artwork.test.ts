import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series } from '../../db/schema.ts';
import { artworkImporter, DEFAULT_ARTWORK_LIMITS } from '../../media/artwork-import.ts';
import { localDiskStorage } from '../../media/storage.ts';
import { createSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { adoptExternalArtwork } from './series-artwork.ts';

/** A real PNG of the given size (one grey row repeated), made here so the test needs no fixture files. */
function png(width: number, height: number, shade = 128): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, shade)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG header that claims a size, with no pixels behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = png(16, 16);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

const POSTER = png(320, 180);
const OTHER_POSTER = png(180, 320, 40);

/** An outside picture host, on loopback. Only this server's endpoint is allowed to the app. */
let host: http.Server;
let hostUrl: string;
/** A second loopback server that the app is not allowed to reach. */
let inner: http.Server;
let innerUrl: string;
const requests: string[] = [];

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

let t: TestContext;
beforeAll(async () => {
  host = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { 'content-type': type });
      response.end(body);
    };
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    switch (request.url) {
      case '/poster.png':
        return send('image/png', POSTER);
      case '/other.png':
        return send('image/png', OTHER_POSTER);
      case '/poster-named-like-a-png.png':
        return send('image/png', '<html><body>Not found</body></html>');
      case '/poster.svg':
        return send('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      case '/tiny.png':
        return send('image/png', png(8, 8));
      case '/enormous.png':
        return send('image/png', pngClaiming(100_000, 100_000));
      case '/huge-declared.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(500 * 1024 * 1024) });
        return response.end();
      case '/huge-streamed.png': {
        // No Content-Length: the cap must hold while reading.
        response.writeHead(200, { 'content-type': 'image/png' });
        const block = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 64 && !response.destroyed) {
            sent++;
            if (!response.write(block)) return response.once('drain', more);
          }
          response.end();
        };
        return more();
      }
      case '/missing.png':
        response.writeHead(404);
        return response.end();
      case '/redirect-to-poster':
        return redirect('/poster.png');
      case '/redirect-to-inner':
        return redirect(`${innerUrl}/poster.png`);
      case '/redirect-to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/redirect-to-file':
        return redirect('file:///etc/passwd');
      case '/redirect-forever':
        return redirect('/redirect-forever');
      default:
        response.writeHead(404);
        return response.end();
    }
  });
  inner = http.createServer((request, response) => {
    requests.push(`inner${request.url}`);
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(POSTER);
  });
  hostUrl = await listen(host);
  innerUrl = await listen(inner);
  t = await createTestContext({}, { config: { artworkAllowedEndpoints: [new URL(hostUrl).host] } });
});
afterAll(async () => {
  await t.close();
  host.close();
  inner.close();
});

const validSeries = {
  title: 'The Borrowed Poster',
  description: 'Its artwork comes from somewhere else.',
  genre: 'Drama',
};

const create = (thumbnailUrl: string, extra: Record<string, unknown> = {}) =>
  t.admin({ method: 'POST', url: '/api/series', payload: { ...validSeries, thumbnailUrl, ...extra } });

async function seriesCount() {
  const [row] = await t.db.select({ n: count() }).from(series);
  return row!.n;
}

const storedThumbnails = () => {
  const folder = path.join(t.mediaDir, 'art', 'thumbnails');
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
};

const mediaFile = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));

describe('an external thumbnail is fetched once and served from our origin', () => {
  it('stores the picture under its content hash and saves our /media/ path', async () => {
    const res = await create(`${hostUrl}/poster.png`, { verticalThumbnailUrl: `${hostUrl}/redirect-to-poster` });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.thumbnailUrl).toMatch(/^\/media\/art\/thumbnails\/thumbnail\.[0-9a-f]{24}\.png$/);
    // The redirect led to the same picture: the same bytes, the same file.
    expect(created.verticalThumbnailUrl).toBe(created.thumbnailUrl);
    expect(fs.readFileSync(mediaFile(created.thumbnailUrl))).toEqual(POSTER);

    const served = await t.viewer({ method: 'GET', url: created.thumbnailUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(POSTER);
  });

  it('copies an edited thumbnail too; our own /media/ links are kept as they are', async () => {
    const created = (await create('/media/art/own.svg')).json();
    expect(created.thumbnailUrl).toBe('/media/art/own.svg');
    const res = await t.admin({
      method: 'PUT',
      url: `/api/series/${created.id}`,
      payload: { verticalThumbnailUrl: `${hostUrl}/other.png` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().thumbnailUrl).toBe('/media/art/own.svg');
    expect(res.json().verticalThumbnailUrl).toMatch(/^\/media\/art\/thumbnails\/thumbnail\.[0-9a-f]{24}\.png$/);
    expect(fs.readFileSync(mediaFile(res.json().verticalThumbnailUrl))).toEqual(OTHER_POSTER);
  });

  it('sends no request for an edit of a series that does not exist', async () => {
    const before = requests.length;
    const res = await t.admin({
      method: 'PUT',
      url: '/api/series/2000000000',
      payload: { thumbnailUrl: `${hostUrl}/poster.png` },
    });
    expect(res.statusCode).toBe(404);
    expect(requests.length).toBe(before);
  });

  it('the CSP lets browsers load pictures and media from our origin only', async () => {
    const res = await t.viewer({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("media-src 'self' blob:;");
    expect(csp).not.toMatch(/https?:/);
  });
});

describe('refusals are readable 400s and write nothing', () => {
  const refusals: [string, () => string, RegExp][] = [
    [
      'a page that is not a picture',
      () => `${hostUrl}/poster-named-like-a-png.png`,
      /not a JPEG, PNG, WebP, AVIF or GIF picture/,
    ],
    ['an SVG document', () => `${hostUrl}/poster.svg`, /not a JPEG, PNG, WebP, AVIF or GIF picture/],
    ['a picture too small', () => `${hostUrl}/tiny.png`, /8×8 pixels; each side must be at least 16/],
    ['a picture too large', () => `${hostUrl}/enormous.png`, /100000×100000 pixels; at most 8192 on a side/],
    ['a file declared too large', () => `${hostUrl}/huge-declared.png`, /larger than 8 MB/],
    ['a file streamed past the cap', () => `${hostUrl}/huge-streamed.png`, /larger than 8 MB/],
    ['a missing file', () => `${hostUrl}/missing.png`, /answered HTTP 404/],
    [
      'cloud metadata',
      () => 'http://169.254.169.254/latest/meta-data/',
      /169\.254\.169\.254 is not a public internet address/,
    ],
    ['another loopback port', () => `${innerUrl}/poster.png`, /127\.0\.0\.1 is not a public internet address/],
    ['IPv6 loopback', () => `http://[::1]:${new URL(hostUrl).port}/poster.png`, /::1 is not a public internet address/],
    ['IPv4-mapped metadata', () => 'http://[::ffff:169.254.169.254]/x.png', /is not a public internet address/],
    [
      'IPv4-mapped loopback',
      () => `http://[::ffff:7f00:1]:${new URL(innerUrl).port}/poster.png`,
      /is not a public internet address/,
    ],
    ['unspecified', () => 'http://0.0.0.0/x.png', /0\.0\.0\.0 is not a public internet address/],
    ['a private network', () => 'http://10.0.0.7/x.png', /10\.0\.0\.7 is not a public internet address/],
    ['a unique-local IPv6', () => 'http://[fd12::1]/x.png', /fd12::1 is not a public internet address/],
    [
      'a name that resolves to loopback',
      () => `http://localhost:${new URL(innerUrl).port}/poster.png`,
      /localhost points to .* not a public internet address/,
    ],
    [
      'a redirect to another loopback port',
      () => `${hostUrl}/redirect-to-inner`,
      /127\.0\.0\.1 is not a public internet address/,
    ],
    [
      'a redirect to cloud metadata',
      () => `${hostUrl}/redirect-to-metadata`,
      /169\.254\.169\.254 is not a public internet address/,
    ],
    ['a redirect to a file', () => `${hostUrl}/redirect-to-file`, /file: address; only http and https/],
    ['endless redirects', () => `${hostUrl}/redirect-forever`, /redirects more than 3 times/],
    [
      'credentials in the link',
      () => `http://user:secret@${new URL(hostUrl).host}/poster.png`,
      /user name or password/,
    ],
  ];

  for (const [what, link, reason] of refusals) {
    it(`refuses ${what}`, async () => {
      const seriesBefore = await seriesCount();
      const filesBefore = storedThumbnails();
      const innerRequestsBefore = requests.filter((r) => r.startsWith('inner')).length;
      const res = await create(link());
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 400, field: 'thumbnailUrl' });
      expect(body.message).toMatch(/^The regular thumbnail could not be used: /);
      expect(body.message).toMatch(reason);
      expect(await seriesCount()).toBe(seriesBefore);
      expect(storedThumbnails()).toEqual(filesBefore);
      expect(requests.filter((r) => r.startsWith('inner')).length).toBe(innerRequestsBefore);
    });
  }

  it('an edit with a refused thumbnail changes nothing and names the vertical field', async () => {
    const created = (await create(`${hostUrl}/poster.png`)).json();
    const res = await t.admin({
      method: 'PUT',
      url: `/api/series/${created.id}`,
      payload: { title: 'Renamed', verticalThumbnailUrl: 'http://169.254.169.254/latest/meta-data/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'verticalThumbnailUrl',
      message: 'The vertical thumbnail could not be used: 169.254.169.254 is not a public internet address.',
    });
    const [row] = await t.db.select().from(series).where(eq(series.id, created.id));
    expect(row).toMatchObject({ title: validSeries.title, verticalThumbnailUrl: null });
  });
});

describe('a link to a picture on this app itself is kept as its /media/ path, never fetched', () => {
  /** What "copy image address" gives on a page served from the address the operator reached us at. */
  const ownHost = () => `localhost:${new URL(innerUrl).port}`;
  const createAt = (host: string, thumbnailUrl: string) =>
    t.admin({ method: 'POST', url: '/api/series', headers: { host }, payload: { ...validSeries, thumbnailUrl } });

  it('at the host the request came to, by either scheme, on create and on edit', async () => {
    const innerBefore = requests.filter((r) => r.startsWith('inner')).length;
    const res = await createAt(ownHost(), `http://${ownHost()}/media/art/own-wide.1a2b.svg`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().thumbnailUrl).toBe('/media/art/own-wide.1a2b.svg');
    const [row] = await t.db.select().from(series).where(eq(series.id, res.json().id));
    expect(row!.thumbnailUrl).toBe('/media/art/own-wide.1a2b.svg');

    const edited = await t.admin({
      method: 'PUT',
      url: `/api/series/${res.json().id}`,
      headers: { host: ownHost().toUpperCase() },
      payload: { verticalThumbnailUrl: `https://${ownHost()}/media/art/own-poster.1a2b.svg#top` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().verticalThumbnailUrl).toBe('/media/art/own-poster.1a2b.svg');
    // The loopback server behind that port was never asked for anything.
    expect(requests.filter((r) => r.startsWith('inner')).length).toBe(innerBefore);
  });

  it('at PUBLIC_URL, whatever host the request came to', async () => {
    const behindProxy = await createTestContext({ PUBLIC_URL: 'https://cliffhanger.example/' });
    try {
      const res = await behindProxy.admin({
        method: 'POST',
        url: '/api/series',
        headers: { host: '10.0.0.5:5000' },
        payload: {
          ...validSeries,
          thumbnailUrl: 'https://cliffhanger.example/media/art/thumbnails/thumbnail.ab12.png',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().thumbnailUrl).toBe('/media/art/thumbnails/thumbnail.ab12.png');
      // Another scheme or port is another origin: fetched as any other link, and here refused.
      const other = await behindProxy.admin({
        method: 'POST',
        url: '/api/series',
        headers: { host: '10.0.0.5:5000' },
        payload: { ...validSeries, thumbnailUrl: 'https://cliffhanger.example:8443/media/art/x.png' },
      });
      expect(other.statusCode).toBe(400);
    } finally {
      await behindProxy.close();
    }
  });

  const refused: [string, () => string, RegExp][] = [
    [
      'a loopback address of ours outside /media/',
      () => `http://${ownHost()}/poster.png`,
      /localhost points to .* not a public internet address/,
    ],
    [
      'a path that climbs out of /media/',
      () => `http://${ownHost()}/media/../poster.png`,
      /localhost points to .* not a public internet address/,
    ],
    [
      'a path that climbs out of /media/ with escapes',
      () => `http://${ownHost()}/media/%2e%2e/poster.png`,
      /localhost points to .* not a public internet address/,
    ],
    [
      'an escaped slash under /media/',
      () => `http://${ownHost()}/media/art/..%2f..%2fapi%2fuser`,
      /a link to this app must name a file under \/media\//,
    ],
    [
      'a /media/ path on a loopback host that is not ours',
      () => `http://127.0.0.1:${new URL(innerUrl).port}/media/art/own.svg`,
      /127\.0\.0\.1 is not a public internet address/,
    ],
  ];
  for (const [what, link, reason] of refused) {
    it(`still refuses ${what}, writing nothing`, async () => {
      const seriesBefore = await seriesCount();
      const innerBefore = requests.filter((r) => r.startsWith('inner')).length;
      const res = await createAt(ownHost(), link());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, field: 'thumbnailUrl' });
      expect(res.json().message).toMatch(reason);
      expect(await seriesCount()).toBe(seriesBefore);
      expect(requests.filter((r) => r.startsWith('inner')).length).toBe(innerBefore);
    });
  }
});

describe('series saved with external thumbnails before', () => {
  it('get our own copy at start, or a generated poster when the link cannot be used', async () => {
    const reachable = await createSeries(t.db, {
      ...validSeries,
      title: 'Old Link',
      thumbnailUrl: `${hostUrl}/poster.png`,
      verticalThumbnailUrl: null,
    });
    const gone = await createSeries(t.db, {
      ...validSeries,
      title: 'Dead Link',
      thumbnailUrl: 'http://169.254.169.254/poster.png',
      verticalThumbnailUrl: `${hostUrl}/missing.png`,
    });
    const artwork = artworkImporter(localDiskStorage(t.mediaDir), {
      ...DEFAULT_ARTWORK_LIMITS,
      allowedEndpoints: [new URL(hostUrl).host],
    });
    expect(await adoptExternalArtwork(t.db, artwork, t.mediaDir, t.app.log)).toBe(3);

    const rows = await t.db.select().from(series);
    const after = (id: number) => rows.find((r) => r.id === id)!;
    expect(after(reachable!.id).thumbnailUrl).toMatch(/^\/media\/art\/thumbnails\/thumbnail\.[0-9a-f]{24}\.png$/);
    expect(after(reachable!.id).verticalThumbnailUrl).toBeNull();
    expect(after(gone!.id).thumbnailUrl).toMatch(/^\/media\/art\/dead-link-wide\.[0-9a-f]+\.svg$/);
    expect(after(gone!.id).verticalThumbnailUrl).toMatch(/^\/media\/art\/dead-link-poster\.[0-9a-f]+\.svg$/);
    expect(fs.existsSync(mediaFile(after(gone!.id).thumbnailUrl))).toBe(true);
    expect(rows.every((r) => r.thumbnailUrl.startsWith('/media/'))).toBe(true);
    // Nothing left to adopt: a second start changes nothing.
    expect(await adoptExternalArtwork(t.db, artwork, t.mediaDir, t.app.log)).toBe(0);
  });
});

describe('operators upload a picture directly', () => {
  function form(bytes: Buffer, field = 'image', filename = 'poster.png') {
    const boundary = 'artwork-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (bytes: Buffer, field?: string, filename?: string) =>
    t.admin({ method: 'POST', url: '/api/series/artwork', ...form(bytes, field, filename) });

  it('stores it by content hash and answers its /media/ URL, which a series can then use', async () => {
    const res = await upload(OTHER_POSTER, 'image', 'anything.exe');
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/art\/thumbnails\/thumbnail\.[0-9a-f]{24}\.png$/);
    expect(fs.readFileSync(mediaFile(url))).toEqual(OTHER_POSTER);
    const created = await create(url);
    expect(created.statusCode).toBe(201);
    expect(created.json().thumbnailUrl).toBe(url);
  });

  it('refuses what is not a picture, an SVG, a picture too small, too large a file and other fields; stores nothing', async () => {
    const before = storedThumbnails();
    const cases: [Buffer, string | undefined, number, RegExp][] = [
      [Buffer.from('<html>hello</html>'), undefined, 400, /not a JPEG, PNG, WebP, AVIF or GIF picture/],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), undefined, 400, /not a JPEG, PNG, WebP, AVIF or GIF/],
      [png(8, 8), undefined, 400, /each side must be at least 16/],
      [Buffer.alloc(9 * 1024 * 1024), undefined, 413, /too large \(the limit is 8 MB\)/],
      [POSTER, 'video', 400, /Choose a picture to upload/],
    ];
    for (const [bytes, field, status, message] of cases) {
      const res = await upload(bytes, field);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const json = await t.admin({
      method: 'POST',
      url: '/api/series/artwork',
      payload: { url: `${hostUrl}/poster.png` },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
    expect(storedThumbnails()).toEqual(before);
  });

  it('is for operators only', async () => {
    const picture = png(64, 64, 7);
    const res = await t.viewer({ method: 'POST', url: '/api/series/artwork', ...form(picture) });
    expect(res.statusCode).toBe(401);
    const stored = storedThumbnails().map((name) => fs.readFileSync(path.join(t.mediaDir, 'art', 'thumbnails', name)));
    expect(stored.some((bytes) => bytes.equals(picture))).toBe(false);
  });
});
