import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { announceChange, createChangeFeed, type ChangeFeed } from './change-feed.ts';

let t: TestContext;
let otherPool: pg.Pool;
let feed: ChangeFeed;
const seen: string[] = [];
let resyncs = 0;

beforeAll(async () => {
  t = await createTestContext();
  // A second instance's connections to the same database.
  otherPool = new pg.Pool({ ...t.pool.options, max: 2 });
  feed = createChangeFeed(otherPool);
  feed.subscribe('catalogue_changed', { onChange: (payload) => seen.push(payload), onResync: () => resyncs++ });
  await feed.start();
});
afterAll(async () => {
  await feed?.stop();
  await otherPool?.end();
  await t?.close();
});

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('change feed', () => {
  it('delivers a change announced by another connection', async () => {
    await announceChange(t.db, 'catalogue_changed', 'series:1');
    await until(() => seen.includes('series:1'));
  });

  it('delivers on commit, and never for a transaction that rolled back', async () => {
    await t.db
      .transaction(async (tx) => {
        await announceChange(tx, 'catalogue_changed', 'rolled-back');
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => {
      await announceChange(tx, 'catalogue_changed', 'committed');
      expect(seen).not.toContain('committed');
    });
    await until(() => seen.includes('committed'));
    expect(seen).not.toContain('rolled-back');
  });

  it('ignores channels nobody subscribed to', async () => {
    await announceChange(t.db, 'access_changed', 'elsewhere');
    await announceChange(t.db, 'catalogue_changed', 'after');
    await until(() => seen.includes('after'));
    expect(seen).not.toContain('elsewhere');
  });

  it('reconnects after its connection is killed, resyncs, and listens again', async () => {
    await t.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen%'`,
    );
    await until(() => resyncs === 1);
    await announceChange(t.db, 'catalogue_changed', 'after-reconnect');
    await until(() => seen.includes('after-reconnect'));
  });
});
