import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One embedded PostgreSQL cluster per test run (or the server in TEST_DATABASE_URL); each test file gets its own database. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-test-pg-'));
  fs.chmodSync(clusterDir, 0o777);
  const database = await startEmbeddedPostgres({ clusterDir, port: await freePort() });
  project.provide('postgresUrl', database.adminUrl);
  return async () => {
    await database.stop();
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.rmSync(`${clusterDir}.credentials.json`, { force: true });
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
