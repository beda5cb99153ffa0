import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The server's own process: tests stop it (SIGSTOP) to make the store slow, or kill it to make it gone. */
  process: ChildProcess;
  close(): Promise<void>;
}

const SERVER = `
const S3rver = require('s3rver');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1],
  configureBuckets: [{ name: process.argv[2] }] });
server.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'));
`;

/**
 * A real S3-compatible server (s3rver) in a process of its own, on a free loopback port, over a temporary folder,
 * with one empty bucket. In its own process so that what it holds in memory is not counted as the test's.
 */
export async function startS3Server(bucket = 'cliffhanger-media'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-s3-'));
  const child = spawn(process.execPath, ['-e', SERVER, directory, bucket], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    process: child,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
