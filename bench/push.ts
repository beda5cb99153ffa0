/**
 * New-episode alerts at volume: BENCH_SUBSCRIBERS (10,000) browsers notified of one series, at a local https push
 * service; an operator publishes an episode (a real upload and transcode), and the bench measures the alerts
 * delivered per second and the p99 from the moment the episode became ready (its transcode's end) to each
 * delivery. Every message is then decrypted with its browser's keys and checked (outside the timed window).
 *
 *   npm run bench:push
 *
 * The app runs in this process (buildApp on its own embedded PostgreSQL, BENCH_PORT + 1); the stand-in push
 * service shares the process, answering at once and keeping the bodies for later: the figures include its cost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { applyMigrations, connectDatabase } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { resolveSecrets } from '#server/secrets.ts';
import { createSeries } from '#server/testing/factory.ts';
import { makeSourceVideo, multipartBody } from '#server/testing/media-uploads.ts';
import { startPushStandIn } from '#server/testing/push-service.ts';
import { loadAverage, machineLoad, summarize } from './support/server.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 25730);

async function main() {
  const loadAtStart = os.loadavg()[0]!;
  console.log(`bench:push — ${SUBSCRIBERS} subscribers of one series; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-push-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1 });
  const standIn = await startPushStandIn({ port: PORT + 10, decrypt: false });
  const environment = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.adminUrl,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    ACCESS_GATE: 'off',
    ADMIN_PASSWORD: 'bench push password',
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
  } as const;
  const fromEnvironment = loadConfig(environment);
  const config = { ...fromEnvironment, push: { ...fromEnvironment.push, trustedCertificate: standIn.certificate } };
  const connection = connectDatabase(database.adminUrl, () => {});
  await applyMigrations(connection.db);
  const secrets = await resolveSecrets(connection.db, config, () => {});
  const app = await buildApp({ config, db: connection.db, pool: connection.pool, secrets });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: 'bench push password' },
    });
    const operator = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const seriesId = (await createSeries(connection.db, { title: 'The Bench', totalEpisodes: 0 })).id;

    // Subscribers written straight into the tables (what SUBSCRIBERS saves and "Notify me" taps would leave).
    const browsers = standIn.subscribeMany(SUBSCRIBERS);
    const client = await connection.pool.connect();
    try {
      await client.query(
        `insert into users (id, username, email) select 'bench-' || n, 'Viewer', '' from generate_series(1, $1) n`,
        [SUBSCRIBERS],
      );
      await client.query(
        `insert into bookmarks (user_id, series_id) select 'bench-' || n, $2 from generate_series(1, $1) n`,
        [SUBSCRIBERS, seriesId],
      );
      await client.query(
        `insert into push_subscriptions (viewer_id, endpoint, p256dh, auth)
         select 'bench-' || n, e.endpoint, $2, $3 from unnest($1::text[]) with ordinality e(endpoint, n)`,
        [browsers.map((b) => b.endpoint), browsers[0]!.keys.p256dh, browsers[0]!.keys.auth],
      );
      await client.query(
        `insert into episode_alert_series (subscription_id, series_id) select id, $1 from push_subscriptions`,
        [seriesId],
      );
    } finally {
      client.release();
    }

    const video = fs.readFileSync(
      await makeSourceVideo(dataDir, { width: 180, height: 320, seconds: 1, audio: false }),
    );
    const upload = multipartBody({}, [{ field: 'video', filename: 'episode.mp4', content: video }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/series/${seriesId}/episodes`,
      payload: upload.payload,
      headers: { ...upload.headers, cookie: operator },
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
    const episodeId = (uploaded.json() as { id: number }).id;

    const deadline = Date.now() + 600_000;
    while (standIn.all.length < SUBSCRIBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const {
      rows: [ready],
    } = await connection.pool.query<{ at: Date }>(
      `select finished_at as at from media_jobs where episode_id = $1 and status = 'ready'`,
      [episodeId],
    );
    const publishedAt = ready!.at.getTime();
    const delivered = standIn.all.filter((m) => m.status === 201);
    const latencies = delivered.map((m) => m.at - publishedAt);
    const first = Math.min(...delivered.map((m) => m.at));
    const last = Math.max(...delivered.map((m) => m.at));
    const latency = summarize(latencies);

    let checked = 0;
    const expected = `The Bench: episode 1 is out`;
    for (const browser of browsers) {
      const messages = browser.received;
      if (messages.length !== 1) throw new Error(`${browser.endpoint} got ${messages.length} messages`);
      const payload = JSON.parse(standIn.decryptLater(browser, messages[0]!)) as { title: string; url: string };
      if (payload.title !== expected || payload.url !== `/watch/${episodeId}`)
        throw new Error(`wrong payload ${JSON.stringify(payload)}`);
      checked++;
    }
    const fmt = (n: number) => n.toFixed(0);
    console.log(`delivered ${delivered.length} of ${SUBSCRIBERS}; each decrypted and checked: ${checked}`);
    console.log(
      `messages per second: ${fmt(delivered.length / ((last - first) / 1000))} (first to last delivery), ` +
        `${fmt(delivered.length / ((last - publishedAt) / 1000))} (from publish)`,
    );
    console.log(
      `publish → delivery: first ${fmt(first - publishedAt)} ms, median ${fmt(latency.median)} ms, ` +
        `p99 ${fmt(latency.p99)} ms, last ${fmt(latency.max)} ms`,
    );
    console.log(machineLoad(loadAtStart));
    console.log(`load after: ${loadAverage()}`);
  } finally {
    await app.close();
    await connection.close();
    await standIn.close();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
