/**
 * Paid segments through a folder token (one lock check when the episode opens, none per segment) against free
 * segments and against today's per-segment lock check (the plain address with the viewer's cookie): segments per
 * second from 16 clients, latency p50/p99 of requests one at a time, and the server's CPU per segment.
 *
 *   npm run bench:media-tokens    (BENCH_PORT, default 5227; starts its own server from dist/client)
 *   BENCH_MEDIA_STORAGE=s3 npm run bench:media-tokens    (media in a bucket of an s3rver started here)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { startS3Server, type TestS3Server } from '#server/testing/s3-server.ts';
import { accessCookie, machineLoad, startBenchServer, summarize, withViewer } from './support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARALLEL = 16;

function request(url: string, agent: http.Agent, cookie?: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

/** The server process's CPU time so far, in ms (Linux /proc). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  const loadAtStart = os.loadavg()[0]!;
  const s3: TestS3Server | null = process.env.BENCH_MEDIA_STORAGE === 's3' ? await startS3Server() : null;
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT ?? 5227),
    env: s3
      ? {
          MEDIA_STORAGE: 's3',
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        }
      : {},
  });
  try {
    // One viewer buys, unlocks and plays: their own cookie with every request.
    const cookie = await withViewer(server, await accessCookie(server));
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const reply = await fetch(`${server.url}${path}`, {
        ...init,
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...init.headers },
      });
      if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
      return (await reply.json()) as T;
    };
    await server.settled();
    type Listed = { id: number; episodeNumber: number; videoUrl: string };
    const episodes = await api<Listed[]>('/api/series/1/episodes');
    const free = episodes.find((e) => e.episodeNumber === 1)!;
    const paid = episodes.find((e) => e.episodeNumber === 11)!;
    if (!free.videoUrl.endsWith('.m3u8') || !paid.videoUrl.endsWith('.m3u8')) {
      throw new Error('The demo episodes have no HLS folders yet.');
    }
    const packages = await api<{ id: string; tokens: number }[]>('/api/packages');
    await api('/api/user/user-1/purchase-tokens', {
      method: 'POST',
      body: JSON.stringify({ packageId: packages.at(-1)!.id }),
    });
    await api('/api/user/user-1/unlock-episode', {
      method: 'POST',
      body: JSON.stringify({ seriesId: 1, episodeNumber: 11 }),
    });
    const { videoUrl: tokenMaster } = await api<{ videoUrl: string }>(`/api/episodes/${paid.id}/playback`);

    // The first segment of each episode's first rendition, as the player asks for it.
    const firstSegment = async (master: string, withCookie: boolean) => {
      const text = async (url: string) => (await fetch(url, withCookie ? { headers: { cookie } } : {})).text();
      const base = `${server.url}${master}`.replace(/[^/]*$/, '');
      const variant = (await text(`${server.url}${master}`)).split('\n').find((l) => l && !l.startsWith('#'))!;
      const playlist = await text(base + variant);
      const segment = playlist.split('\n').find((l) => l && !l.startsWith('#'))!;
      return base + variant.replace(/[^/]*$/, '') + segment;
    };
    const cases: { name: string; url: string; cookie?: string }[] = [
      { name: 'free episode (plain, public)', url: await firstSegment(free.videoUrl, true), cookie },
      { name: 'paid, lock checked per segment', url: await firstSegment(paid.videoUrl, true), cookie },
      { name: 'paid, through its token', url: await firstSegment(tokenMaster, false) },
    ];

    const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });
    const rows: string[][] = [];
    for (const c of cases) {
      for (let i = 0; i < 50; i++) await request(c.url, agent, c.cookie);
      const sequential: number[] = [];
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const reply = await request(c.url, agent, c.cookie);
        sequential.push(reply.ms);
        status = reply.status;
      }
      let running = true;
      const cpuBefore = cpuMs(server.pid!);
      const started = performance.now();
      const clients = Array.from({ length: PARALLEL }, async () => {
        let done = 0;
        while (running) {
          await request(c.url, agent, c.cookie);
          done++;
        }
        return done;
      });
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      running = false;
      const served = (await Promise.all(clients)).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - started) / 1000;
      const cpuPerSegment = (cpuMs(server.pid!) - cpuBefore) / served;
      const s = summarize(sequential);
      const bytes = Number((await fetch(c.url, c.cookie ? { headers: { cookie } } : {})).headers.get('content-length'));
      rows.push([
        c.name,
        String(status),
        `${(bytes / 1024).toFixed(0)} KB`,
        `${s.median.toFixed(2)} ms`,
        `${s.p99.toFixed(2)} ms`,
        String(Math.round(served / seconds)),
        `${cpuPerSegment.toFixed(3)} ms`,
      ]);
    }
    agent.destroy();
    const header = [
      'segments',
      'status',
      'size',
      'p50',
      'p99',
      `segments/s (${PARALLEL} clients)`,
      'server CPU/segment',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
    console.log(`media on ${s3 ? 'an S3-compatible bucket (s3rver on this machine)' : 'this disk'}`);
    console.log(`${RUNS} requests in a row per case (p50, p99), then ${PARALLEL} clients for ${SECONDS} s`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
    console.log(`\n${machineLoad(loadAtStart)}`);
  } finally {
    await server.stop();
    await s3?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
