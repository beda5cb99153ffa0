import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { resolveSecrets } from '../secrets.ts';
import { freePort } from '../testing/global-setup.ts';
import { applyMigrations, connectDatabase, type DatabaseConnection } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

// An external PostgreSQL (DATABASE_URL) that goes away and comes back: this server starts none and restarts
// none, so it answers 503 meanwhile and serves again by itself. Its own cluster, so the run's shared one stays up.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-outage-'));
fs.chmodSync(root, 0o777);
let cluster: EmbeddedDatabase;
let connection: DatabaseConnection;
let app: App;
let cookie: string;

beforeAll(async () => {
  cluster = await startEmbeddedPostgres({ clusterDir: path.join(root, 'pg'), port: await freePort() });
  connection = connectDatabase(cluster.adminUrl, () => {});
  await applyMigrations(connection.db);
  const config = loadConfig({
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: cluster.adminUrl,
    ACCESS_CODES: 'OUTAGE',
    ADMIN_PASSWORD: 'outage test',
    LOG_LEVEL: 'silent',
    TRANSCODE_CONCURRENCY: '0',
  });
  const secrets = await resolveSecrets(connection.db, config, () => {});
  app = await buildApp({ config, db: connection.db, pool: connection.pool, secrets });
  await app.ready();
  const access = await app.inject({ method: 'POST', url: '/api/access', payload: { code: 'OUTAGE' } });
  cookie = `${access.cookies[0]!.name}=${access.cookies[0]!.value}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await connection?.close();
  await cluster?.stop();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(`${path.join(root, 'pg')}.credentials.json`, { force: true });
});

describe('an external database that goes away', () => {
  it('answers 503 with Retry-After on data routes and health while it is away, and 200 again once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    await cluster.stop();

    const user = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(user.statusCode).toBe(503);
    expect(user.headers['retry-after']).toBe('5');
    expect(user.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', down: ['database'] });
    // Without a cookie too: the gate's own lookup needs the database.
    expect((await app.inject({ method: 'GET', url: '/api/series' })).statusCode).toBe(503);

    await cluster.restart();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
  }, 60_000);
});
