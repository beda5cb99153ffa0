import fs from 'node:fs';
import path from 'node:path';

/**
 * What a `postmaster.pid` left in a cluster directory means. PostgreSQL refuses to start while the pid in it
 * answers `kill(pid, 0)`, which a zombie (killed, not yet reaped) and an unrelated process that reused the pid
 * both do; only a live postmaster of this very directory is a real reason not to start.
 */
export type PostmasterPidFile =
  | { kind: 'none' }
  | { kind: 'gone'; pid: number }
  | { kind: 'zombie'; pid: number }
  | { kind: 'other-process'; pid: number }
  | { kind: 'running'; pid: number };

export function readPostmasterPidFile(clusterDir: string): PostmasterPidFile {
  const file = path.join(clusterDir, 'postmaster.pid');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { kind: 'none' };
  }
  const pid = Number(text.split('\n', 1)[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { kind: 'none' };
  const state = processState(pid);
  if (state === null) return { kind: 'gone', pid };
  if (state === 'Z' || state === 'X') return { kind: 'zombie', pid };
  return isPostmasterOf(pid, clusterDir) ? { kind: 'running', pid } : { kind: 'other-process', pid };
}

/** The state letter of /proc/N/stat (R, S, D, Z, …), or null when there is no such process. */
export function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may itself contain ") ", so the state follows the last one.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) || null;
  } catch {
    return null;
  }
}

function isPostmasterOf(pid: number, clusterDir: string): boolean {
  let argv: string[];
  let cwd: string;
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    // Another user's process we may not inspect: it cannot be our postmaster, which runs as us or as "postgres".
    return false;
  }
  if (path.basename(argv[0] ?? '') !== 'postgres') return false;
  const dataArg = argv.indexOf('-D');
  const dataDir = dataArg >= 0 ? argv[dataArg + 1] : undefined;
  return dataDir !== undefined && path.resolve(cwd, dataDir) === path.resolve(clusterDir);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the directory startable after any crash: a live postmaster of this directory is stopped (fast
 * shutdown, then SIGKILL), a zombie is given `reapWithinMs` to be reaped, and a pid file whose process is a
 * zombie or another program is removed, since no postmaster can be behind it.
 */
export async function clearStalePostmaster(
  clusterDir: string,
  log: (message: string) => void,
  { stopWithinMs = 10_000, reapWithinMs = 3_000 } = {},
): Promise<void> {
  let found = readPostmasterPidFile(clusterDir);
  if (found.kind === 'running') {
    log(`Stopping the PostgreSQL (pid ${found.pid}) still running on ${clusterDir}`);
    signal(found.pid, 'SIGINT');
    found = await waitWhile(clusterDir, (f) => f.kind === 'running', stopWithinMs);
    if (found.kind === 'running') {
      signal(found.pid, 'SIGKILL'); // its children outlive it: they go below, as orphans
      found = await waitWhile(clusterDir, (f) => f.kind === 'running', 2_000);
    }
  }
  if (found.kind === 'zombie') found = await waitWhile(clusterDir, (f) => f.kind === 'zombie', reapWithinMs);
  if (found.kind === 'zombie' || found.kind === 'other-process') {
    log(
      `Removing the stale postmaster.pid of ${clusterDir} (pid ${found.pid} is ${found.kind === 'zombie' ? 'a dead postmaster nobody reaped' : 'another program'})`,
    );
    fs.rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
  }
  // Without a postmaster, whatever still works in the directory outlived a killed one and still holds its shared
  // memory: PostgreSQL refuses to start beside it ("pre-existing shared memory block is still in use").
  if (found.kind !== 'running') await stopOrphanedClusterProcesses(clusterDir, log);
}

/**
 * The PostgreSQL processes working in `clusterDir`. Every process of a cluster runs with the data directory as its
 * working directory, while each child of the postmaster calls setsid(): it is in no process group of ours, and once
 * its postmaster is SIGKILLed (which cannot relay anything to it) its working directory is the only trace of it.
 */
export function clusterProcesses(clusterDir: string): number[] {
  let dir: string;
  try {
    dir = fs.realpathSync(clusterDir);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== dir) continue;
      if (path.basename(fs.readlinkSync(`/proc/${entry}/exe`)) === 'postgres') found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to inspect (then not a process of our cluster either)
    }
  }
  return found;
}

/**
 * SIGKILLs the processes of the cluster whose postmaster is gone, and resolves once they are (at most `withinMs`).
 * Call it only when no postmaster runs there: the cluster then needs crash recovery anyway, which its next start does.
 */
export async function stopOrphanedClusterProcesses(
  clusterDir: string,
  log: (message: string) => void,
  withinMs = 2_000,
): Promise<void> {
  const orphans = clusterProcesses(clusterDir);
  if (!orphans.length) return;
  log(`Stopping ${orphans.length} PostgreSQL process(es) left on ${clusterDir} by a postmaster that was killed`);
  const deadline = Date.now() + withinMs;
  for (let left = orphans; left.length && Date.now() < deadline; left = clusterProcesses(clusterDir)) {
    for (const pid of left) signal(pid, 'SIGKILL');
    await sleep(20);
  }
}

async function waitWhile(clusterDir: string, test: (found: PostmasterPidFile) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let found = readPostmasterPidFile(clusterDir);
  while (test(found) && Date.now() < deadline) {
    await sleep(50);
    found = readPostmasterPidFile(clusterDir);
  }
  return found;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}
