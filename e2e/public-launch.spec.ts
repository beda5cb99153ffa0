import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, appStarted } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { spawnServer, waitHealthy, exited, type ServerProcess } from '#server/testing/server-process.ts';

/**
 * ACCESS_GATE=off, on a server of its own (the suite's server keeps the gate): the public launch.
 * Its ports follow the suite's (E2E_PORT + 2, PostgreSQL + 1000).
 */
const port = E2E.port + 2;
let server: ServerProcess;
let dataDir: string;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-e2e-open-'));
  fs.chmodSync(dataDir, 0o755);
  server = spawnServer({
    port,
    pgPort: port + 1000,
    dataDir,
    env: {
      ACCESS_GATE: 'off',
      SEED: 'demo',
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? 'dist/client',
      API_RATE_LIMIT: '100000',
      TRANSCODE_CONCURRENCY: '0',
    },
  });
  await waitHealthy(server, 170_000);
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  if (server) await exited(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const base = () => `http://localhost:${port}`;

test('with the gate off, the API and media open without any cookie', async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: base() });
  try {
    expect(await (await api.get('/api/access')).json()).toEqual({ required: false, granted: true });
    const all = (await (await api.get('/api/series')).json()) as { id: number; isFree: boolean }[];
    expect(all.length).toBeGreaterThan(0);
    const episodes = (await (await api.get(`/api/series/${all[0]!.id}/episodes`)).json()) as { videoUrl: string }[];
    const media = await api.get(episodes[0]!.videoUrl);
    expect(media.status()).toBe(200);
    expect((await media.body()).length).toBeGreaterThan(0);
  } finally {
    await api.dispose();
  }
});

test('the gate screen never shows, on any page, and two browsers are still two viewers', async ({ browser }) => {
  const contexts = [await browser.newContext({ baseURL: base() }), await browser.newContext({ baseURL: base() })];
  try {
    const [a, b] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
    for (const url of ['/', '/discover', '/library', '/rewards', '/profile', '/dashboard', '/no-such-page']) {
      await a.goto(url);
      await appStarted(a);
      await expect(a.locator('#root')).not.toBeEmpty();
      await expect(a.getByRole('heading', { name: 'Cliffhanger MVP' })).toHaveCount(0);
      await expect(a.getByPlaceholder('Enter access code')).toHaveCount(0);
    }
    await a.goto('/');
    await expect(a.getByTestId('hero-carousel')).toBeVisible();

    const bought = await a.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-1' } });
    expect(bought.status()).toBe(200);
    const [userA, userB] = [
      (await (await a.request.get('/api/user')).json()) as { id: string; coins: number },
      (await (await b.request.get('/api/user')).json()) as { id: string; coins: number },
    ];
    expect(userA.coins).toBe(500);
    expect(userB.coins).toBe(0);
    expect(userA.id).not.toBe(userB.id);
    // Neither may read the other's account by its id.
    expect((await b.request.get(`/api/user/${userA.id}`)).status()).toBe(404);
  } finally {
    for (const context of contexts) await context.close();
  }
});
