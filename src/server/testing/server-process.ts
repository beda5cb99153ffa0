import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The real process, as `npm start` runs it, on its own ports and data directory: the sources through tsx, or
 * with `compiled` the bundle `scripts/build-server.mjs` made, run by plain node.
 */
const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything it wrote to stderr and stdout so far. */
  output(): string;
}

export function spawnServer(options: {
  port: number;
  pgPort: number;
  dataDir: string;
  env?: Record<string, string>;
  /** The compiled main.js to run instead of the sources. */
  compiled?: string;
  /** In a process group of its own, as a supervisor runs it: signals can then go to the whole group. */
  detached?: boolean;
}) {
  const args = options.compiled ? [options.compiled] : ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      PG_PORT: String(options.pgPort),
      DATA_DIR: options.dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      ACCESS_CODES: 'PROCESS-TEST',
      ADMIN_PASSWORD: 'process test',
      CLIENT_DIR: path.join(options.dataDir, 'no-client'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, base: `http://127.0.0.1:${options.port}`, output: () => output };
}

/** Resolves once /api/health answers 200; rejects with the output when the process exits or the bound passes. */
export async function waitHealthy(server: ServerProcess, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer /api/health within ${withinMs} ms: ${server.output()}`);
}

export async function startServer(options: Parameters<typeof spawnServer>[0]): Promise<ServerProcess> {
  const server = spawnServer(options);
  await waitHealthy(server);
  return server;
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ProcessSeen {
  pid: number;
  ppid: number;
  pgid: number;
  command: string;
}

/**
 * Every process (of any user, in any process group) that names `dir` in its command line or works in it: what an
 * operator's `ps` would find. Read from /proc, so it is not limited to the processes a test knows of.
 */
export function processesUsing(dir: string): ProcessSeen[] {
  let real = path.resolve(dir);
  try {
    real = fs.realpathSync(dir);
  } catch {
    // not made yet: nothing works in it either
  }
  const seen: ProcessSeen[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      let cwd = '';
      try {
        cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // a zombie has none
      }
      if (!command.includes(dir) && !command.includes(real) && !cwd.startsWith(real)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seen.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), command });
    } catch {
      // gone meanwhile
    }
  }
  return seen;
}

/**
 * The postmasters running on a cluster directory: processes started as `postgres -D <clusterDir>`, leaving out
 * the children a postmaster has just forked, which carry its command line until they name themselves.
 */
export function postmastersOn(clusterDir: string): number[] {
  const started = processesUsing(clusterDir).filter((p) => p.command.includes(`-D ${clusterDir}`));
  const pids = new Set(started.map((p) => p.pid));
  return started.filter((p) => !pids.has(p.ppid)).map((p) => p.pid);
}
