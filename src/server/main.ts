import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from './logger.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { ensureViewer } from './db/seed/viewer.ts';
import { seedDemoCatalogue } from './db/seed/index.ts';
import { prepareDemoMedia } from './db/seed/demo-media.ts';
import { resolveSecrets } from './secrets.ts';
import { buildApp } from './app.ts';
import { projectRoot } from './project-root.ts';
import { describeFfmpeg, ffmpegCapabilities } from './media/ffmpeg-capabilities.ts';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  fs.mkdirSync(config.mediaDir, { recursive: true });
  // Probed while the database starts; said once, in the log, before the server is ready.
  const ffmpeg = ffmpegCapabilities();

  const database = await openDatabase(config, {
    info: (m) => logger.debug(m),
    error: (e, m) => logger.error({ err: e }, m),
  });
  await ensureViewer(database.db);
  const secrets = await resolveSecrets(database.db, config, (m) => logger.warn(m));
  if (config.seed === 'demo') {
    await seedDemoCatalogue(database.db, { mediaDir: config.mediaDir, log: (m) => logger.info(m) });
  }

  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    secrets,
    clientDir: config.clientDir ?? path.join(projectRoot, 'dist/client'),
    logger,
  });

  const stopMediaWork = new AbortController();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      stopMediaWork.abort();
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const capabilities = await ffmpeg;
  if (capabilities.usable) logger.info(describeFfmpeg(capabilities));
  else logger.warn(describeFfmpeg(capabilities));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`${config.appName} is ready on http://localhost:${config.port}`);

  if (config.seed === 'demo') {
    // Encoding is slow on a machine's first run, so it happens after listen: until the MP4 clips exist they
    // answer 503, and each demo episode plays its MP4 clip until its own HLS folder is ready.
    prepareDemoMedia(database.db, config.mediaDir, {
      cacheDir: config.mediaCacheDir,
      log: { info: (m) => logger.info(m), warn: (m) => logger.warn(m) },
      signal: stopMediaWork.signal,
    }).catch((error: unknown) => {
      if (!stopMediaWork.signal.aborted) logger.error({ err: error }, 'demo media could not be prepared');
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
