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

/**
 * Ports are picked below the kernel's ephemeral range (32768 and up on Linux): outgoing connections take
 * their source ports from there, so a port found free in it can be taken by one (any test's database
 * client) before the server binds it.
 */
const PORTS_FROM = 20_000;
const PORTS_TO = 32_000;

/** A port nothing listens on, on any address, for a server a test starts. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS_FROM + Math.floor(Math.random() * (PORTS_TO - PORTS_FROM));
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}
