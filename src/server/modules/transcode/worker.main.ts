import path from 'node:path';
import { createLogger } from '../../logger.ts';
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../../db/client.ts';
import { createMediaStorage } from '../../media/media-store.ts';
import { createTranscodeWorker } from './transcode.worker.ts';

/**
 * A transcode worker without the HTTP server, for running encodes on other machines than the API:
 * `DATABASE_URL=… DATA_DIR=<the shared data folder> node dist/server/transcode-worker.js` (after `npm run build`);
 * with MEDIA_STORAGE=s3 its DATA_DIR is its own (uploads wait in the bucket), only its scratch space.
 * It shares the queue with every server and worker on that database.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL: a separate worker needs the database the servers use.');
  const connection = connectDatabase(config.databaseUrl, (error) =>
    logger.error({ err: error }, 'idle database connection failed'),
  );
  const worker = createTranscodeWorker({
    db: connection.db,
    storage: await createMediaStorage(config),
    workRoot: path.join(config.dataDir, 'work'),
    concurrency: Math.max(1, config.transcodeConcurrency),
    log: {
      info: (message) => logger.info(message),
      warn: (message) => logger.warn(message),
      error: (error, message) => logger.error({ err: error }, message),
    },
  });
  await worker.start();
  logger.info('transcode worker started');

  const shutdown = async () => {
    await worker.stop();
    await connection.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
