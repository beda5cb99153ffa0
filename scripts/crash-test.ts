// The crash test: while viewers buy coins and unlock episodes with Idempotency-Keys, each cycle SIGKILLs the server
// alone, or its whole process group (PostgreSQL with it), or PostgreSQL alone under a running server, or stops it
// with SIGTERM to its process group; after each restart it replays what it sent and, at the end, checks every
// viewer's ledger. Each start must find exactly one postmaster on DATA_DIR, and within 10 s of each SIGTERM no
// process anywhere may name DATA_DIR (PostgreSQL's children run outside the group). Exits 1 on any broken invariant.
//   npm run test:crash            (CRASH_CYCLES=8, CRASH_CONCURRENCY=8 clients, CRASH_VIEWERS=12 by default)
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '#server/testing/global-setup.ts';
import {
  exited,
  isAlive,
  postmasterPid,
  postmastersOn,
  processesUsing,
  spawnServer,
  waitHealthy,
  type ServerProcess,
} from '#server/testing/server-process.ts';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 8);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
const EPISODES = 400;
const VIEWERS = Number(process.env.CRASH_VIEWERS ?? 12);
const PACKAGES = ['package-1', 'package-2', 'package-3'];

type Kind = 'purchase' | 'unlock';
interface Op {
  /** The viewer's cookie, as the server gave it: the request names them as `user-1`. */
  viewer: string;
  key: string;
  kind: Kind;
  url: string;
  body: unknown;
  /** Its success (2xx): stored with the key, so every replay must answer exactly this. */
  answer?: { status: number; text: string };
  /** Refused (4xx): nothing was written and nothing stored, so the server may decide afresh on a retry. */
  refused?: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-crash-'));
fs.chmodSync(dataDir, 0o755);
const clusterDir = path.join(dataDir, 'postgres');
/** What a supervisor allows between SIGTERM and SIGKILL. */
const STOP_WITHIN_MS = 10_000;
const failures: string[] = [];
const fail = (message: string) => {
  failures.push(message);
  console.error(`  ✗ ${message}`);
};

async function main() {
  const [port, pgPort] = [await freePort(), await freePort()];
  const env = {
    ACCESS_CODES: 'CRASH-TEST',
    LOG_LEVEL: 'warn',
    TRANSCODE_CONCURRENCY: '0',
    API_RATE_LIMIT: '1000000',
    // A few viewers writing as fast as they can: far above what a person sends.
    VIEWER_WRITE_RATE_LIMIT: '1000000',
  };
  const ops: Op[] = [];
  const killToHealthy: number[] = [];
  let firstTry = 0;
  let starts = 0;
  let seriesId = 0;
  let cookie = '';
  let viewers: string[] = [];

  const start = async (): Promise<ServerProcess> => {
    starts++;
    const server = spawnServer({ port, pgPort, dataDir, env, detached: true });
    await waitHealthy(server, 60_000);
    if (!/did not start|lock file/.test(server.output())) firstTry++;
    else fail(`start ${starts} needed more than one try: ${server.output().slice(0, 300)}`);
    const postmasters = postmastersOn(clusterDir);
    if (postmasters.length !== 1) fail(`start ${starts}: ${postmasters.length} postmasters on DATA_DIR`);
    return server;
  };

  /** SIGTERM to the server's process group: it exits 0, and nothing of it (PostgreSQL's children included) is left. */
  const stopGracefully = async (server: ServerProcess) => {
    const sentAt = Date.now();
    process.kill(-server.child.pid!, 'SIGTERM');
    const code = await exited(server.child);
    if (code !== 0) fail(`the server exited ${code} on SIGTERM: ${server.output().slice(-300)}`);
    let left = processesUsing(dataDir);
    while (left.length && Date.now() - sentAt < STOP_WITHIN_MS) {
      await sleep(50);
      left = processesUsing(dataDir);
    }
    if (left.length) {
      const outside = left.filter((p) => p.pgid !== server.child.pid);
      fail(
        `${left.length} process(es) (${outside.length} outside the server's process group) still use DATA_DIR ${STOP_WITHIN_MS / 1000} s after SIGTERM: ` +
          left.map((p) => `${p.pid} ${p.command.slice(0, 60)}`).join('; '),
      );
      for (const p of left) process.kill(p.pid, 'SIGKILL');
    }
    return Date.now() - sentAt;
  };

  const send = async (server: ServerProcess, op: Op, signal?: AbortSignal) => {
    try {
      const res = await fetch(`${server.base}${op.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': op.key, cookie: `${cookie}; ${op.viewer}` },
        body: JSON.stringify(op.body),
        signal,
      });
      const text = await res.text();
      if (res.status === 503 || res.status === 429) return; // not an answer: the database was away, or slow down
      if (res.status >= 500) fail(`${op.kind} ${op.key}: ${res.status} ${text}`);
      if (res.status >= 400) {
        if (op.answer) fail(`replay of ${op.kind} ${op.key} answered ${res.status} after ${op.answer.status}`);
        op.refused = res.status;
      } else if (!op.answer) op.answer = { status: res.status, text };
      else if (op.answer.status !== res.status || op.answer.text !== text) {
        fail(
          `replay of ${op.kind} ${op.key} differs: ${op.answer.status} ${op.answer.text} then ${res.status} ${text}`,
        );
      }
    } catch {
      // killed in flight: unknown until replayed
    }
  };

  let server = await start();
  cookie = await accessCookie(server);
  viewers = await Promise.all(Array.from({ length: VIEWERS }, () => viewerCookie(server, cookie)));
  seriesId = await makeSeries(dataDir, pgPort);

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    // Replays first: every answered op must answer the same, every unknown one now gets its answer.
    for (const op of ops) if (op.refused === undefined) await send(server, op);
    const mode = (['node', 'group', 'postgres', 'SIGTERM'] as const)[cycle % 4]!;
    const stop = new AbortController();
    setMaxListeners(0, stop.signal); // one signal ends every client's requests
    const clients = Array.from({ length: CONCURRENCY }, async () => {
      while (!stop.signal.aborted) {
        const op = randomOp(seriesId, viewers[Math.floor(Math.random() * viewers.length)]!);
        ops.push(op);
        await send(server, op, stop.signal);
      }
    });
    await sleep(400 + Math.random() * 1200);
    const killedAt = Date.now();
    const postmaster = postmasterPid(dataDir);
    if (mode === 'postgres' && postmaster) process.kill(postmaster, 'SIGKILL');
    let how = `${mode} killed`;
    if (mode === 'SIGTERM') {
      how = `SIGTERM to the group, all gone in ${await stopGracefully(server)} ms`;
      stop.abort();
      await Promise.all(clients);
      server = await start();
      killToHealthy.push(Date.now() - killedAt);
    } else if (mode === 'postgres') {
      // The server stays up: it must answer 503 meanwhile, restart its database and serve again by itself.
      await waitUnhealthy(server, 3000);
      await waitHealthy(server, 30_000);
      killToHealthy.push(Date.now() - killedAt);
      await sleep(300);
      stop.abort();
      await Promise.all(clients);
    } else {
      // 'group' is kill -9 of the whole process group: PostgreSQL's children, in sessions of their own, outlive it.
      if (mode === 'group') process.kill(-server.child.pid!, 'SIGKILL');
      else server.child.kill('SIGKILL');
      stop.abort();
      await Promise.all(clients);
      await exited(server.child);
      server = await start();
      killToHealthy.push(Date.now() - killedAt);
    }
    console.log(`  cycle ${cycle} (${how}): ${ops.length} ops so far, healthy after ${killToHealthy.at(-1)} ms`);
  }
  for (const op of ops) if (op.refused === undefined) await send(server, op);

  await checkLedger(dataDir, pgPort, ops, viewers);
  await stopGracefully(server);

  const sorted = [...killToHealthy].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const answered = ops.filter((op) => op.answer || op.refused).length;
  console.log(
    `crash test: ${CYCLES} cycles, ${ops.length} operations (${answered} answered, ${ops.length - answered} never reached the server), ` +
      `${firstTry}/${starts} starts on the first try, kill to healthy p50 ${pct(50)} ms, p99 ${pct(99)} ms, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
}

function randomOp(seriesId: number, viewer: string): Op {
  if (Math.random() < 0.5) {
    return {
      viewer,
      key: randomUUID(),
      kind: 'purchase',
      url: '/api/user/user-1/purchase-tokens',
      body: { packageId: PACKAGES[Math.floor(Math.random() * PACKAGES.length)] },
    };
  }
  return {
    viewer,
    key: randomUUID(),
    kind: 'unlock',
    url: '/api/user/user-1/unlock-episode',
    body: { seriesId, episodeNumber: 1 + Math.floor(Math.random() * EPISODES) },
  };
}

async function accessCookie(server: ServerProcess) {
  const res = await fetch(`${server.base}/api/access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'CRASH-TEST' }),
  });
  if (!res.ok) throw new Error(`access: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** A new viewer, given by the server on the first read of their account: their cookie. */
async function viewerCookie(server: ServerProcess, access: string) {
  const res = await fetch(`${server.base}/api/user`, { headers: { cookie: access } });
  if (!res.ok) throw new Error(`viewer: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The superuser's connection, for setting up and for reading the ledger behind the server's back. */
async function withDatabase<T>(dir: string, port: number, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const credentials = JSON.parse(fs.readFileSync(path.join(dir, 'postgres.credentials.json'), 'utf8')) as {
    superuser: string;
  };
  const client = new pg.Client({
    connectionString: `postgres://cliffhanger:${encodeURIComponent(credentials.superuser)}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function makeSeries(dir: string, port: number): Promise<number> {
  return withDatabase(dir, port, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into series (title, description, genre, thumbnail_url, total_episodes, episode_cost)
       values ('Crash', 'The crash test''s series', 'Drama', '/media/posters/crash.jpg', $1, 55) returning id`,
      [EPISODES],
    );
    const id = rows[0]!.id;
    await client.query(
      `insert into episodes (series_id, episode_number, title, video_url, thumbnail_url, duration)
       select $1, n, 'Episode ' || n, '/media/crash/' || n || '/master.m3u8', '/media/posters/crash.jpg', 60
       from generate_series(1, $2) as n`,
      [id, EPISODES],
    );
    return id;
  });
}

async function checkLedger(dir: string, port: number, ops: Op[], viewers: string[]) {
  const unknown = ops.filter((op) => !op.answer && op.refused === undefined);
  // Ops that never got an answer even on replay were never received: a replay of one that committed would answer.
  const succeeded = (viewer: string, kind: Kind, status: number) =>
    ops.filter((op) => op.viewer === viewer && op.kind === kind && op.answer?.status === status);
  await withDatabase(dir, port, async (client) => {
    let written = 0;
    for (const viewer of viewers) {
      // The id the server gave this viewer, read from their own answers (every success names them).
      const answered = ops.find((op) => op.viewer === viewer && op.answer);
      if (!answered) continue;
      written++;
      const id = (JSON.parse(answered.answer!.text) as { user: { id: string } }).user.id;
      const [balance] = (
        await client.query<{ coins: number; bonuses: number; coins_sum: number; bonuses_sum: number }>(
          `select u.coins, u.bonuses,
                  coalesce(sum(l.coins_delta), 0)::int as coins_sum, coalesce(sum(l.bonuses_delta), 0)::int as bonuses_sum
           from users u left join wallet_ledger l on l.user_id = u.id where u.id = $1 group by u.id`,
          [id],
        )
      ).rows;
      if (!balance || balance.coins !== balance.coins_sum || balance.bonuses !== balance.bonuses_sum) {
        fail(`viewer ${id}: ledger sum differs from the balance: ${JSON.stringify(balance)}`);
      }
      const counts = Object.fromEntries(
        (
          await client.query<{ kind: string; n: number }>(
            `select kind, count(*)::int as n from wallet_ledger where user_id = $1 group by kind`,
            [id],
          )
        ).rows.map((row) => [row.kind, row.n]),
      );
      const purchases = succeeded(viewer, 'purchase', 200).length;
      const unlocked = succeeded(viewer, 'unlock', 201).length;
      if ((counts.purchase ?? 0) !== purchases)
        fail(`viewer ${id}: ${counts.purchase ?? 0} purchases in the ledger, ${purchases} answered 200`);
      if ((counts.unlock ?? 0) !== unlocked)
        fail(`viewer ${id}: ${counts.unlock ?? 0} unlocks in the ledger, ${unlocked} answered 201`);
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from unlocks where user_id = $1`, [
        id,
      ]);
      if (rows[0]!.n !== unlocked)
        fail(`viewer ${id}: ${rows[0]!.n} unlocked episodes, ${unlocked} unlocks answered 201`);
    }
    // Nobody's money is anybody else's: the ledger holds the viewers' rows and no other.
    const { rows: owners } = await client.query<{ n: number }>(
      'select count(distinct user_id)::int as n from wallet_ledger',
    );
    if (owners[0]!.n !== written) fail(`${owners[0]!.n} viewers in the ledger, ${written} viewers were answered`);
    const statuses = new Map<string, number>();
    for (const op of ops) {
      const status = op.answer?.status ?? op.refused;
      if (status) statuses.set(`${op.kind} ${status}`, (statuses.get(`${op.kind} ${status}`) ?? 0) + 1);
    }
    console.log(
      `  ${written} viewers, each ledger checked; answers: ${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')}; unanswered: ${unknown.length}`,
    );
  });
}

/** Until /api/health stops answering 200 (the server noticed), at most `withinMs`. */
async function waitUnhealthy(server: ServerProcess, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${server.base}/api/health`).catch(() => null);
    if (res?.status !== 200) return;
    await sleep(10);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main()
  .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)))
  .finally(() => {
    for (const { pid } of processesUsing(dataDir)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (failures.length) {
      console.error(`crash test FAILED: ${failures.length} problem(s)`);
      process.exit(1);
    }
    console.log('crash test passed: ledger sum = balance, every answered operation exactly once, replays identical');
    process.exit(0);
  });
