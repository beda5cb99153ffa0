import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { E2E_S3 } from './env.ts';

/** The S3-compatible server of the MEDIA_STORAGE=s3 run (playwright.s3.config.ts): a fresh folder, one bucket. */
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-e2e-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: E2E_S3.port,
  silent: true,
  directory,
  configureBuckets: [{ name: E2E_S3.bucket }],
});
await server.run();
const stop = () => {
  fs.rmSync(directory, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
