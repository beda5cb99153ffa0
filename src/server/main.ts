import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from './logger.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { createDatabaseAvailability } from './db/availability.ts';
import { superviseEmbedded } from './db/supervise.ts';
import { clearStalePostmaster } from './db/stale-postmaster.ts';
import { seedDemoCatalogue } from './demo/seed.ts';
import { prepareDemoMedia } from './demo/demo-media.ts';
import { resolveSecrets } from './secrets.ts';
import { buildApp } from './app.ts';
import { projectRoot } from './project-root.ts';
import { describeFfmpeg, ffmpegCapabilities } from './media/ffmpeg-capabilities.ts';
import { prepareDemoMediaInBucket } from './demo/demo-media-bucket.ts';

/** In-flight requests get this long before stalled connections are dropped. */
const DRAIN_MS = 5000;
/**
 * Whatever clients do, the process is gone this soon after SIGTERM, and PostgreSQL with it: the forced stop of
 * PostgreSQL takes up to FORCE_POSTGRES_MS plus half a second more, all under the usual 10 s of supervisors.
 */
const HARD_STOP_MS = 7000;
const FORCE_POSTGRES_MS = 500;
const quickly = { stopWithinMs: FORCE_POSTGRES_MS, reapWithinMs: 0 };
/** A stop during the start has nothing in flight to wait for; the hard stop still bounds it. */
const STARTING_FORCE_POSTGRES_MS = 5000;

/** Set once the embedded PostgreSQL runs, so that a start failing after it (a port taken) leaves nothing behind. */
let stopEmbeddedDatabase: (() => Promise<void>) | undefined;
/** Set by the first SIGTERM/SIGINT: from then on the process is stopping, whatever the start was doing. */
let closing = false;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  fs.mkdirSync(config.mediaDir, { recursive: true });
  // Probed while the database starts; said once, in the log, before the server is ready.
  const ffmpeg = ffmpegCapabilities();

  const opening = openDatabase(config, {
    info: (m) => logger.debug(m),
    error: (e, m) => logger.error({ err: e }, m),
  });
  // Until the app can shut down gracefully, a signal (to this process alone, as some supervisors send it) stops
  // the database as it is, started or starting: Node's default would exit at once and leave PostgreSQL running.
  let onSignal = (why: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${why} while starting: stopping`);
    setTimeout(() => {
      const clusterDir = path.join(config.dataDir, 'postgres');
      void (config.databaseUrl ? Promise.resolve() : clearStalePostmaster(clusterDir, (m) => logger.warn(m), quickly))
        .catch(() => {})
        .finally(() => process.exit(0));
    }, HARD_STOP_MS).unref();
    void opening
      .then((database) => database.embedded?.stop(STARTING_FORCE_POSTGRES_MS))
      .catch(() => {})
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM received'));
  process.on('SIGINT', () => onSignal('SIGINT received'));

  // After a signal the start goes no further (returning leaves the exit to the stop above).
  const database = await opening;
  if (closing) return;
  stopEmbeddedDatabase = () => database.embedded?.stop(FORCE_POSTGRES_MS) ?? Promise.resolve();
  const secrets = await resolveSecrets(database.db, config, (m) => logger.warn(m));
  if (config.seed === 'demo') {
    await seedDemoCatalogue(database.db, { mediaDir: config.mediaDir, log: (m) => logger.info(m) });
  }
  if (closing) return;

  const availability = createDatabaseAvailability(database.pool, {
    warn: (m) => logger.warn(m),
    info: (m) => logger.info(m),
  });
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    availability,
    secrets,
    clientDir: config.clientDir ?? path.join(projectRoot, 'dist/client'),
    logger,
  });

  const stopMediaWork = new AbortController();
  /**
   * The shutdown contract: stop accepting, let requests in flight finish, drop idle connections at once and
   * stalled ones after DRAIN_MS, stop the embedded PostgreSQL every time, and be gone within HARD_STOP_MS.
   */
  const shutdown = async (why: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    logger.info(`${why}: finishing requests in flight, then stopping`);
    stopSupervising();
    const hardStop = setTimeout(() => {
      logger.warn('shutdown is taking too long: stopping PostgreSQL and exiting now');
      void (database.embedded?.stop(FORCE_POSTGRES_MS) ?? Promise.resolve()).finally(() => process.exit(exitCode));
    }, HARD_STOP_MS).unref();
    const dropStalled = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS).unref();
    try {
      stopMediaWork.abort();
      await app.close();
      clearTimeout(dropStalled);
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      await database.embedded?.stop(FORCE_POSTGRES_MS).catch(() => {});
    }
    clearTimeout(hardStop);
    process.exit(exitCode);
  };
  onSignal = (why) => void shutdown(why, 0);
  const stopSupervising = database.embedded
    ? superviseEmbedded(database.embedded, availability, {
        log: { info: (m) => logger.info(m), warn: (m) => logger.warn(m) },
        onGiveUp: (reason) => {
          logger.fatal(`${reason}. Exiting so that the process supervisor can restart the server.`);
          void shutdown('giving up on the database', 1);
        },
      })
    : () => {};

  const capabilities = await ffmpeg;
  if (capabilities.usable) logger.info(describeFfmpeg(capabilities));
  else logger.warn(describeFfmpeg(capabilities));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`${config.appName} is ready on http://localhost:${config.port}`);

  if (config.seed === 'demo') {
    // Encoding is slow on a machine's first run, so it happens after listen: until the MP4 clips exist they
    // answer 503, and each demo episode plays its MP4 clip until its own HLS folder is ready. With media in a
    // bucket, the demo's files are made on this disk and copied over in the background, resumed where a stopped
    // copy left off: what exists first (a restart), then what the demo media adds.
    const storage = app.mediaPipeline.storage;
    const options = {
      cacheDir: config.mediaCacheDir,
      log: { info: (m: string) => logger.info(m), warn: (m: string) => logger.warn(m) },
      signal: stopMediaWork.signal,
    };
    void (
      storage.kind === 'remote'
        ? prepareDemoMediaInBucket(database.db, config.mediaDir, storage, options)
        : prepareDemoMedia(database.db, config.mediaDir, options)
    ).catch((error: unknown) => {
      if (!stopMediaWork.signal.aborted) logger.error({ err: error }, 'demo media could not be prepared');
    });
  }
}

main().catch(async (error: unknown) => {
  if (closing) return; // the start failed because its database is being stopped: the stop exits
  console.error(error instanceof Error ? error.message : error);
  await stopEmbeddedDatabase?.().catch(() => {});
  process.exit(1);
});
