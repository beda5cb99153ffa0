/**
 * The media lock check's cost by path shape (issue 16): a normal segment path, the longest and deepest path we
 * still look up, and the audit's path of 7,000 folders, each 2,000 times in a row and then from 16 clients at once
 * while /api/health is timed. The worst case must cost what a normal path costs.
 *
 *   npm run bench:media          (starts its own server from dist/client; or BENCH_URL + BENCH_ACCESS_CODE)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { machineLoad, startBenchServer, summarize } from './support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const PARALLEL = 16;

function request(url: string, agent: http.Agent, cookie: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

const rssOf = (pid: number | undefined) => {
  if (!pid) return NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

async function main() {
  const loadAtStart = os.loadavg()[0]!;
  const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 5217) });
  try {
    const gate = await fetch(`${server.url}/api/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: server.accessCode }),
    });
    const cookie = (gate.headers.get('set-cookie') ?? '').split(';', 1)[0]!;
    const episodes = (await (await fetch(`${server.url}/api/series/1/episodes`, { headers: { cookie } })).json()) as {
      videoUrl: string;
    }[];
    const folder = episodes[0]!.videoUrl.replace(/[^/]*$/, '');
    const paths = {
      'normal segment path': `${folder}360p/seg_99999.m4s`,
      'longest, deepest looked-up path': `/media/${'a/'.repeat(8)}${'x'.repeat(250)}.m4s`,
      'audit: 7,000 folders, /%6dedia': `/%6dedia/${'a/'.repeat(7000)}x.m4s`,
    };
    await server.settled();
    const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });
    const rows: string[][] = [];
    for (const [name, path] of Object.entries(paths)) {
      const url = `${server.url}${path}`;
      for (let i = 0; i < 50; i++) await request(url, agent, cookie);
      const sequential: number[] = [];
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const reply = await request(url, agent, cookie);
        sequential.push(reply.ms);
        status = reply.status;
      }
      // 16 clients hammering that path while a seventeenth asks for /api/health.
      let running = true;
      const hammer = Array.from({ length: PARALLEL }, async () => {
        let done = 0;
        while (running) {
          await request(url, agent, cookie);
          done++;
        }
        return done;
      });
      const health: number[] = [];
      const started = performance.now();
      for (let i = 0; i < 200; i++) health.push((await request(`${server.url}/api/health`, agent, cookie)).ms);
      const seconds = (performance.now() - started) / 1000;
      running = false;
      const served = (await Promise.all(hammer)).reduce((a, b) => a + b, 0);
      const s = summarize(sequential);
      const h = summarize(health);
      rows.push([
        name,
        String(path.length),
        String(status),
        `${s.median.toFixed(2)} ms`,
        `${s.p99.toFixed(2)} ms`,
        `${Math.round(served / seconds)}`,
        `${h.median.toFixed(1)} ms`,
        `${h.p99.toFixed(1)} ms`,
        `${rssOf(server.pid).toFixed(0)} MB`,
      ]);
    }
    agent.destroy();
    const header = [
      'path',
      'chars',
      'status',
      'p50',
      'p99',
      `req/s (${PARALLEL} clients)`,
      'health p50',
      'health p99',
      'server RSS',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`${RUNS} requests in a row per path, then ${PARALLEL} clients at once while /api/health is timed`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
    console.log(`\n${machineLoad(loadAtStart)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
