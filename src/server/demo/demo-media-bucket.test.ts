import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FREE_EPISODES } from '#contract/constants.ts';
import { freePort } from '../testing/global-setup.ts';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import {
  exited,
  isAlive,
  postmasterPid,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '../testing/server-process.ts';
import { openS3Storage } from '../media/s3-storage.ts';
import { projectRoot } from '../project-root.ts';
import { DEMO_SERIES } from './catalogue.ts';

// The real process as `npm start` runs it (compiled, plain node) with MEDIA_STORAGE=s3 and the demo catalogue,
// against s3rver: a first run makes the whole demo media on its disk and is stopped; the restart on the same DATA_DIR
// must answer at once, whatever is still to copy.
const cacheDir = path.join(projectRoot, 'node_modules', '.cache');
fs.mkdirSync(cacheDir, { recursive: true });
const outDir = path.join(fs.mkdtempSync(path.join(cacheDir, 'cliffhanger-demo-bucket-test-')), 'server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-demo-bucket-'));
fs.chmodSync(dataDir, 0o755);
const servers: ServerProcess[] = [];
let s3: TestS3Server | undefined;

afterAll(async () => {
  fs.rmSync(path.dirname(outDir), { recursive: true, force: true });
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${path.join(dataDir, 'postgres')}.credentials.json`, { force: true });
}, 120_000);

async function until(condition: () => boolean, withinMs: number, what: string, server: ServerProcess) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${withinMs} ms: ${server.output().slice(-3000)}`);
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function episodeFolders(mediaDir: string): number {
  let count = 0;
  for (const series of fs.readdirSync(path.join(mediaDir, 'series'))) {
    const episodes = path.join(mediaDir, 'series', series, 'episodes');
    for (const episode of fs.readdirSync(episodes)) {
      count += fs.readdirSync(path.join(episodes, episode)).filter((f) => f.startsWith('demo-')).length;
    }
  }
  return count;
}

describe('the demo catalogue with media in a bucket', () => {
  it(
    'a restart answers /api/health within 10 s (as quick as a start, on a busy machine) on a data directory with the whole demo media, then copies each clip once',
    { timeout: 900_000 },
    async () => {
      const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/build-server.mjs'), outDir], {
        cwd: projectRoot,
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      s3 = await startS3Server();
      const [port, pgPort] = [await freePort(), await freePort()];
      const options = {
        port,
        pgPort,
        dataDir,
        compiled: path.join(outDir, 'main.js'),
        env: {
          SEED: 'demo',
          LOG_LEVEL: 'info',
          MEDIA_STORAGE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
      };

      const first = spawnServer(options);
      servers.push(first);
      await waitHealthy(first, 120_000);
      await until(() => /episodes switched to HLS/.test(first.output()), 600_000, 'demo media', first);
      first.child.kill('SIGTERM');
      expect(await exited(first.child)).toBe(0);
      const demoEpisodes = DEMO_SERIES.reduce((n, s) => n + s.episodes, 0);
      expect(episodeFolders(path.join(dataDir, 'media'))).toBe(demoEpisodes);

      // What a start costs on this machine now (it is often loaded): the same data directory, nothing to copy.
      const plain = spawnServer({ ...options, env: { SEED: 'none' } });
      servers.push(plain);
      const plainStarted = Date.now();
      await waitHealthy(plain, 120_000);
      const plainStartMs = Date.now() - plainStarted;
      plain.child.kill('SIGTERM');
      expect(await exited(plain.child)).toBe(0);

      // Within 10 s, or as quick as that start where the machine is too busy for 10 s.
      const bound = Math.max(10_000, 2 * plainStartMs);
      const second = spawnServer(options);
      servers.push(second);
      const started = Date.now();
      await waitHealthy(second, bound);
      expect(Date.now() - started).toBeLessThan(bound);

      // The copy runs after listen, logs its progress and ends verified.
      await until(() => /demo media to the bucket: verified/.test(second.output()), 600_000, 'copy', second);
      const bucket = await openS3Storage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: s3.bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      const objects = await bucket.list('');
      // Each clip's folder once, not one copy per episode.
      expect(objects.filter((o) => /^series\/\d+\/episodes\/\d+\/demo-/.test(o.key))).toEqual([]);
      expect(objects.length).toBeLessThan(3 * demoEpisodes);
      const megabytes = objects.reduce((n, o) => n + o.size, 0) / 1024 / 1024;
      expect(megabytes).toBeLessThan(200);

      // Episodes still play through their own folders: a free one from the bucket, a locked one refused.
      const access = await fetch(`${second.base}/api/access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'PROCESS-TEST' }),
      });
      expect(access.ok).toBe(true);
      const cookie = access.headers
        .getSetCookie()
        .map((c) => c.split(';', 1)[0])
        .join('; ');
      const get = (url: string) => fetch(`${second.base}${url}`, { headers: { cookie } });
      const seriesId = Number(
        /series\/(\d+)\//.exec(objects.find((o) => o.key.startsWith('series/'))?.key ?? '')?.[1] ?? 1,
      );
      const episodes = (await (await get(`/api/series/${seriesId}/episodes`)).json()) as {
        id: number;
        episodeNumber: number;
        videoUrl: string;
      }[];
      const free = episodes.find((e) => e.episodeNumber === 1)!;
      const locked = episodes.find((e) => e.episodeNumber > FREE_EPISODES)!;
      expect(free.videoUrl).toMatch(/^\/media\/series\/\d+\/episodes\/\d+\/demo-\d+-[0-9a-f]+\/master\.m3u8$/);

      const playback = (await (await get(`/api/episodes/${free.id}/playback`)).json()) as { videoUrl: string };
      const master = await get(playback.videoUrl);
      expect(master.status).toBe(200);
      const variant = (await master.text()).split('\n').find((line) => line && !line.startsWith('#'))!;
      const folder = playback.videoUrl.slice(0, playback.videoUrl.lastIndexOf('/'));
      const playlist = await get(`${folder}/${variant}`);
      expect(playlist.status).toBe(200);
      const segment = (await playlist.text()).split('\n').find((line) => line && !line.startsWith('#'))!;
      const variantFolder = `${folder}/${variant.slice(0, variant.lastIndexOf('/'))}`;
      expect((await get(`${variantFolder}/${segment}`)).status).toBe(200);

      expect((await get(locked.videoUrl)).status).toBe(403);
      expect((await get(`/api/episodes/${locked.id}/playback`)).status).toBe(403);
      // The shared files are reached through an episode's folder only.
      const shared = objects.find((o) => o.key.startsWith('demo-hls/'))!;
      expect((await get(`/media/${shared.key}`)).status).toBe(404);
    },
  );
});
