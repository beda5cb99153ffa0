import net from 'node:net';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/global-setup.ts';
import { processState } from './db/stale-postmaster.ts';
import {
  exited,
  isAlive,
  postmasterPid,
  postmastersOn,
  processesUsing,
  spawnServer,
  startServer,
  waitHealthy,
  type ServerProcess,
} from './testing/server-process.ts';

// The real process, as `npm start` runs it: embedded PostgreSQL in DATA_DIR, kill -9, restart, SIGTERM.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-process-'));
fs.chmodSync(dataDir, 0o755);
const servers: ServerProcess[] = [];
const track = (server: ServerProcess) => (servers.push(server), server);

afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  for (const { pid } of processesUsing(dataDir)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${path.join(dataDir, 'postgres')}.credentials.json`, { force: true });
});

describe('server process', () => {
  it('starts again after a kill -9 left PostgreSQL orphaned, and stops cleanly on SIGTERM', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const first = track(await startServer({ port, pgPort, dataDir }));
    const orphan = postmasterPid(dataDir);
    expect(orphan).toBeGreaterThan(0);

    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(isAlive(orphan!)).toBe(true); // the postmaster outlived Node

    const second = track(await startServer({ port, pgPort, dataDir }));
    const health = await fetch(`${second.base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const running = postmasterPid(dataDir);
    expect(running).not.toBe(orphan);

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(isAlive(running!)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('a SIGTERM to the process alone while it starts (PostgreSQL running, the app not yet built) stops PostgreSQL too', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const server = track(spawnServer({ port, pgPort, dataDir }));
    await waitUntil(() => postmastersOn(clusterDir).length === 1, 60_000);
    const sentAt = Date.now();
    server.child.kill('SIGTERM'); // as a supervisor that signals only the process it started does
    expect(await exited(server.child)).toBe(0);
    await waitUntil(() => processesUsing(dataDir).length === 0, 10_000 - (Date.now() - sentAt));
  }, 120_000);

  it('on SIGTERM to its process group with PostgreSQL not answering, nothing of it uses DATA_DIR 10 s later', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const server = track(await startServer({ port, pgPort, dataDir, detached: true }));
    // A backend busy with a long query: it does not notice its postmaster is gone, and runs outside the group.
    const busy = await superuserClient(pgPort);
    void busy.query('select count(*) from generate_series(1, 300000000)').catch(() => {});
    const postmaster = postmastersOn(clusterDir)[0]!;
    process.kill(postmaster, 'SIGSTOP'); // deaf to fast and immediate shutdown: the stop has to force it
    const sentAt = Date.now();
    process.kill(-server.child.pid!, 'SIGTERM');
    expect(await exited(server.child)).toBe(0);
    await waitUntil(() => processesUsing(dataDir).length === 0, 10_000 - (Date.now() - sentAt));
    await busy.end().catch(() => {});
  }, 120_000);

  it('a start that fails after PostgreSQL is up (its port taken) stops PostgreSQL before it exits', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const taken = net.createServer().listen(port, '0.0.0.0');
    try {
      const server = track(spawnServer({ port, pgPort, dataDir }));
      expect(await exited(server.child)).toBe(1);
      expect(server.output()).toMatch(/EADDRINUSE/);
      const pid = postmasterPid(dataDir);
      expect(pid === undefined || !isAlive(pid)).toBe(true);
    } finally {
      taken.close();
    }
  }, 180_000);

  it('starts on the first try after node and PostgreSQL were killed together', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    for (let cycle = 0; cycle < 3; cycle++) {
      const server = track(await startServer({ port, pgPort, dataDir }));
      const postmaster = postmasterPid(dataDir)!;
      process.kill(postmaster, 'SIGKILL');
      server.child.kill('SIGKILL');
      await exited(server.child);
      // Straight away: the postmaster may still be a zombie nobody reaped, and its pid file is still there.
      const again = track(spawnServer({ port, pgPort, dataDir }));
      await waitHealthy(again, 30_000);
      expect(again.output()).not.toMatch(/did not start|lock file/);
      again.child.kill('SIGTERM');
      expect(await exited(again.child)).toBe(0);
    }
  }, 180_000);

  it('answers 503 with Retry-After while its PostgreSQL is down, restarts it and serves again', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const server = track(await startServer({ port, pgPort, dataDir, env: { LOG_LEVEL: 'info' } }));
    const access = await fetch(`${server.base}/api/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'PROCESS-TEST' }),
    });
    const cookie = access.headers.get('set-cookie')!.split(';')[0]!;

    process.kill(postmasterPid(dataDir)!, 'SIGKILL');
    const seen: number[] = [];
    let sawHealthDown = false;
    const deadline = Date.now() + 30_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      const [health, user] = await Promise.all([
        fetch(`${server.base}/api/health`),
        fetch(`${server.base}/api/user`, { headers: { cookie } }),
      ]);
      seen.push(user.status);
      if (health.status === 503) {
        sawHealthDown = true;
        expect(health.headers.get('retry-after')).toBe('5');
        const body = await health.json();
        expect(body).toMatchObject({ status: 'unavailable', down: ['database'] });
        expect(body.message).toMatch(/^database: /);
      }
      if (user.status === 503) {
        expect(user.headers.get('retry-after')).toBe('5');
        expect(await user.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      }
      if (sawHealthDown && health.status === 200 && user.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toContain(503);
    expect(seen.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    // Said once, not once per request.
    expect(server.output().match(/The database is unavailable/g)).toHaveLength(1);
    expect(server.output()).toMatch(/Embedded PostgreSQL restarted/);
    expect(server.output()).not.toMatch(/"level":50/);

    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  }, 120_000);

  it("exits 1, with PostgreSQL's reason, when its database cannot be brought back within 30 s", async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const server = track(await startServer({ port, pgPort, dataDir }));
    const clusterDir = path.join(dataDir, 'postgres');
    const mode = fs.statSync(clusterDir).mode & 0o777;
    fs.chmodSync(clusterDir, 0o000); // a broken cluster: every restart fails
    try {
      const started = Date.now();
      process.kill(postmasterPid(dataDir)!, 'SIGKILL');
      expect(await exited(server.child)).toBe(1);
      expect(Date.now() - started).toBeGreaterThan(25_000);
      expect(Date.now() - started).toBeLessThan(45_000);
      expect(server.output()).toMatch(/could not be restarted within 30 s: .*(FATAL|Permission denied|permissions)/);
    } finally {
      fs.chmodSync(clusterDir, mode);
    }
  }, 90_000);

  it('on SIGTERM drops a client that never finishes its body and idle ones, stops PostgreSQL and exits 0 within 10 s', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const server = track(await startServer({ port, pgPort, dataDir }));
    const postmaster = postmasterPid(dataDir)!;
    const stalled = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.write(
      'POST /api/access HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"co',
    );
    stalled.on('error', () => {});
    const idle = net.connect(port, '127.0.0.1');
    idle.on('error', () => {});
    await new Promise((resolve) => idle.once('connect', resolve));
    const halfHeaders = net.connect(port, '127.0.0.1');
    halfHeaders.on('error', () => {});
    await new Promise((resolve) => halfHeaders.once('connect', resolve));
    halfHeaders.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    await new Promise((r) => setTimeout(r, 200));

    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(processState(postmaster) === null || processState(postmaster) === 'Z').toBe(true);
    for (const socket of [stalled, idle, halfHeaders]) socket.destroy();
  }, 60_000);
});

const clusterDir = path.join(dataDir, 'postgres');

/** Resolves once `test` holds; fails (saying what is left on DATA_DIR) when it does not within `withinMs`. */
async function waitUntil(test: () => boolean, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!test()) {
    if (Date.now() > deadline) {
      const left = processesUsing(dataDir).map((p) => `${p.pid} (group ${p.pgid}) ${p.command.slice(0, 80)}`);
      throw new Error(`not within ${withinMs} ms; processes on DATA_DIR: ${left.join('; ') || 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function superuserClient(pgPort: number) {
  const { superuser } = JSON.parse(fs.readFileSync(`${clusterDir}.credentials.json`, 'utf8')) as { superuser: string };
  const client = new pg.Client({
    connectionString: `postgres://cliffhanger:${encodeURIComponent(superuser)}@127.0.0.1:${pgPort}/postgres`,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

describe('root and a private data directory', () => {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot)
    console.log('skipped: the private DATA_DIR tests need root (the embedded database then runs as "postgres")');

  it.skipIf(!asRoot)(
    'starts with a 0700 DATA_DIR, opening it only to the postgres group',
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-private-'));
      fs.chmodSync(parent, 0o755);
      const privateDir = path.join(parent, 'data');
      fs.mkdirSync(privateDir, { mode: 0o700 });
      fs.chmodSync(privateDir, 0o700);
      try {
        const [port, pgPort] = [await freePort(), await freePort()];
        const server = track(await startServer({ port, pgPort, dataDir: privateDir }));
        const mode = fs.statSync(privateDir).mode & 0o777;
        expect(mode & 0o007).toBe(0); // still closed to others
        const credentials = fs.statSync(path.join(privateDir, 'postgres.credentials.json'));
        expect(credentials.mode & 0o777).toBe(0o600);
        server.child.kill('SIGTERM');
        expect(await exited(server.child)).toBe(0);
      } finally {
        fs.rmSync(parent, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(!asRoot)(
    'a parent folder it cannot cross still gets the readable error',
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-closed-'));
      fs.chmodSync(parent, 0o700);
      try {
        const [port, pgPort] = [await freePort(), await freePort()];
        const server = track(spawnServer({ port, pgPort, dataDir: path.join(parent, 'data') }));
        expect(await exited(server.child)).toBe(1);
        expect(server.output()).toContain(`cannot enter ${parent}`);
      } finally {
        fs.rmSync(parent, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
