import { loadConfig } from '#server/config.ts';
import { copyMediaToBucket, MigrationMismatch } from '#server/media/media-migration.ts';
import { openS3Storage } from '#server/media/s3-storage.ts';
import { localDiskStorage } from '#server/media/storage.ts';

/**
 * npm run media:migrate -- --to s3
 *
 * Copies DATA_DIR/media into the bucket named by the S3_* settings, resumable (run it again after a stop: only what
 * is missing is sent) and verified (every file in the bucket at its size). Run it while the servers still serve
 * from disk, switch them to MEDIA_STORAGE=s3, then run it once more for whatever was written in between.
 */
async function main() {
  const args = process.argv.slice(2);
  const to = args[args.indexOf('--to') + 1];
  if (!args.includes('--to') || to !== 's3') {
    console.error('Usage: npm run media:migrate -- --to s3   (with S3_BUCKET and the other S3_* settings set)');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, MEDIA_STORAGE: 's3' });
  if (config.mediaStorage.kind !== 's3') throw new Error('unreachable');
  const source = localDiskStorage(config.mediaDir);
  const target = await openS3Storage(config.mediaStorage);
  await target.ping();
  const report = await copyMediaToBucket(source, target, { log: (m) => console.log(m) });
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  if (error instanceof MigrationMismatch) console.error(error.problems.join('\n'));
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
