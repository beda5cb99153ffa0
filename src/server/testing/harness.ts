import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { applyMigrations, connectDatabase, type Database } from '../db/client.ts';
import { resolveSecrets } from '../secrets.ts';
import { createViewer } from './factory.ts';
import { isViewerId, newViewerId, viewerCookieKey, writeViewerCookie } from '../modules/viewers/viewer-cookie.ts';
import { VIEWER_COOKIE } from '../modules/viewers/viewers.plugin.ts';
import { ensureViewer } from '../modules/viewers/viewers.service.ts';

export const TEST_ACCESS_CODES = ['PREVIEW-ONE', 'PREVIEW-TWO'];
export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

export interface TestContext {
  app: App;
  /** Pass this context as `sharingDatabaseOf` to run a second instance on the same database. */
  databaseUrl: string;
  db: Database;
  pool: pg.Pool;
  mediaDir: string;
  /** The real id of the test's viewer (its row exists, with the starting balance): whom `user-1` means in `viewer`. */
  viewerId: string;
  /** inject() as the test's viewer, past the access gate */
  viewer: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** inject() past the access gate as a visitor who has no viewer yet */
  visitor: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** inject() as another viewer (a new, unguessable id unless one is given), past the access gate */
  viewerAs: (viewerId?: string) => (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** inject() as the viewer this id is (a viewer's real id), or as the test's viewer for any other (`user-1`, a stranger) */
  viewerNamed: (userId: string) => (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** A new viewer with their row (as after a first write), as the tests' own users */
  addViewer: () => Promise<string>;
  /** A genuine viewer cookie (`name=value`) for this id, written now or `issuedAt` (seconds since the epoch) */
  viewerCookie: (viewerId: string, issuedAt?: number) => string;
  /** inject() as a signed-in operator (also past the gate) */
  admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh database (migrated) on the run's PostgreSQL cluster, and an app on it; or a second app on
 * the database of another context (two instances behind one load balancer). Call once per test file, in beforeAll.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { sharingDatabaseOf?: TestContext; config?: Partial<Config> } = {},
): Promise<TestContext> {
  const url = options.sharingDatabaseOf ? new URL(options.sharingDatabaseOf.databaseUrl) : await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-test-data-'));
  const fromEnvironment = loadConfig({
    DATA_DIR: dataDir,
    ACCESS_CODES: TEST_ACCESS_CODES.join(','),
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    AUTH_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
    MEDIA_RATE_LIMIT: '100000',
    VIEWER_CREATION_RATE_LIMIT: '100000',
    VIEWER_WRITE_RATE_LIMIT: '100000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const config: Config = { ...fromEnvironment, ...options.config };
  const mediaDir = config.mediaDir;
  fs.mkdirSync(mediaDir, { recursive: true });
  const connection = connectDatabase(url.toString(), () => {});
  await applyMigrations(connection.db);
  const secrets = await resolveSecrets(connection.db, config, () => {});
  const app = await buildApp({
    config,
    db: connection.db,
    pool: connection.pool,
    secrets,
    clientDir: config.clientDir,
  });
  await app.ready();

  const accessCookie = await cookieFrom(
    await app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } }),
  );
  const adminCookie = await cookieFrom(
    await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: config.adminPassword } }),
  );
  const withCookies =
    (...cookies: string[]) =>
    (options: InjectOptions) =>
      app.inject({ ...options, headers: { ...options.headers, cookie: cookies.filter(Boolean).join('; ') } });
  const viewerKey = viewerCookieKey(app.accessGate.signingKey);
  const viewerCookie = (viewerId: string, issuedAt = Math.floor(Date.now() / 1000)) =>
    `${VIEWER_COOKIE}=${writeViewerCookie(viewerKey, { viewerId, issuedAt })}`;
  const viewerId = newViewerId();
  await ensureViewer(connection.db, viewerId, config.newViewer);

  return {
    app,
    databaseUrl: url.toString(),
    db: connection.db,
    pool: connection.pool,
    mediaDir,
    viewerId,
    viewer: withCookies(accessCookie, viewerCookie(viewerId)),
    visitor: withCookies(accessCookie),
    viewerAs: (id = newViewerId()) => withCookies(accessCookie, viewerCookie(id)),
    viewerNamed: (id) =>
      isViewerId(id) ? withCookies(accessCookie, viewerCookie(id)) : withCookies(accessCookie, viewerCookie(viewerId)),
    addViewer: () => createViewer(connection.db, config.newViewer),
    viewerCookie,
    admin: withCookies(accessCookie, adminCookie, viewerCookie(viewerId)),
    close: async () => {
      await app.close();
      await connection.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freshDatabase(): Promise<URL> {
  const baseUrl = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url;
}

function cookieFrom(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200) throw new Error(`login for tests failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  // With ACCESS_GATE=off nobody needs an access cookie, and none is set.
  if (!cookie) return '';
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Attempt limits count in fixed one-minute windows of the clock (src/server/plugins/rate-limits.ts). A test that
 * counts attempts to the exact limit waits here first, so its attempts, the harness's own sign-ins included, fall
 * in one window even on a slow machine.
 */
export async function awayFromMinuteEdge(secondsNeeded = 20) {
  const second = new Date().getSeconds();
  if (second > 60 - secondsNeeded) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}
