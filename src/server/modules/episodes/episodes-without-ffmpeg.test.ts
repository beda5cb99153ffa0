import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, mediaJobs } from '../../db/schema.ts';
import { createSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { multipartBody } from '../../testing/media-uploads.ts';

// A machine whose ffmpeg does not run (the same path as having none at all, but independent of PATH).
process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
const PROBLEM = 'The ffmpeg at /nonexistent/ffmpeg (from FFMPEG_PATH) does not run, so videos cannot be processed.';

let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-no-ffmpeg-'));
  t = await createTestContext({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server without a usable ffmpeg', () => {
  it('still answers, and tells operators (only) why videos cannot be processed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const status = await t.admin({ method: 'GET', url: '/api/admin/video-processing' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ available: false, problem: PROBLEM, lacks: ['a working ffmpeg'] });
    expect((await t.viewer({ method: 'GET', url: '/api/admin/video-processing' })).statusCode).toBe(401);
  });

  it('refuses an upload at once with that message, storing nothing', async () => {
    const s = await createSeries(t.db, {
      title: 'No ffmpeg',
      description: 'x',
      thumbnailUrl: '/media/art/x.svg',
      totalEpisodes: 0,
    });
    const response = await t.admin({
      method: 'POST',
      url: `/api/series/${s.id}/episodes`,
      ...multipartBody({}, [{ field: 'video', filename: 'e.mp4', content: Buffer.from('0000ftypisom') }]),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: PROBLEM });
    expect(await t.db.select().from(episodes).where(eq(episodes.seriesId, s.id))).toEqual([]);
    expect(await t.db.select().from(mediaJobs)).toEqual([]);
    const uploads = path.join(dataDir, 'uploads');
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }) : []).toEqual([]);
  });
});
