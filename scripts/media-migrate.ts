import { loadConfig } from '#server/config.ts';
import { copyMediaToBucket, MigrationMismatch } from '#server/media/media-migration.ts';
import { openS3Storage } from '#server/media/s3-storage.ts';
import { localDiskStorage } from '#server/media/storage.ts';

const USAGE = `Usage: npm run media:migrate -- --to s3 [--dry-run]

Copies DATA_DIR/media into the bucket named by the S3_* settings (S3_BUCKET, S3_ENDPOINT, S3_REGION,
S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), under the same keys. Demo episode folders, which
are hard links of their clip's files on disk, are stored once per clip; other hard links are sent under each
of their names, and counted.

  --to s3     the bucket of the S3_* settings (the only target)
  --dry-run   print what would be copied (files, bytes, already in the bucket) and write nothing
  --help      this text

Resumable: run it again after a stop and only what is missing is sent; at the end every file is checked to be
in the bucket at its size. Run it while the servers still serve from disk, switch them to MEDIA_STORAGE=s3,
then run it once more for whatever was written in between.`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((arg, i) => !['--to', '--dry-run'].includes(arg) && args[i - 1] !== '--to');
  if (args[args.indexOf('--to') + 1] !== 's3' || !args.includes('--to') || unknown.length > 0) {
    console.error(unknown.length > 0 ? `Unknown argument: ${unknown.join(' ')}\n\n${USAGE}` : USAGE);
    process.exit(2);
  }
  const dryRun = args.includes('--dry-run');
  const config = loadConfig({ ...process.env, MEDIA_STORAGE: 's3' });
  if (config.mediaStorage.kind !== 's3') throw new Error('unreachable');
  const source = localDiskStorage(config.mediaDir);
  const target = await openS3Storage(config.mediaStorage);
  await target.ping();
  if (dryRun) console.log(`Dry run: nothing is written to ${config.mediaStorage.bucket}.`);
  const report = await copyMediaToBucket(source, target, { log: (m) => console.log(m), dryRun });
  console.log(JSON.stringify({ dryRun, ...report }));
}

main().catch((error: unknown) => {
  if (error instanceof MigrationMismatch) console.error(error.problems.join('\n'));
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
