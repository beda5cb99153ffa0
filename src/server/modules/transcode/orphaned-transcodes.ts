import fs from 'node:fs';
import path from 'node:path';

/**
 * Kills (SIGKILL) this machine's processes working under `workRoot` — in practice ffmpeg writing into a job's
 * work folder — whose folder is not one of `liveWorkDirs`, or is one of `deadWorkDirs`. Answers their pids.
 * Reads /proc; elsewhere it finds nothing.
 */
export function stopOrphanedTranscodes(
  workRoot: string,
  liveWorkDirs: string[],
  deadWorkDirs: string[] = [],
): number[] {
  const root = `${path.resolve(workRoot)}${path.sep}`;
  const live = liveWorkDirs.map((dir) => `${path.resolve(dir)}${path.sep}`);
  const dead = deadWorkDirs.map((dir) => `${path.resolve(dir)}${path.sep}`);
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const stopped: number[] = [];
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const inside = args.filter((arg) => arg.startsWith(root));
    if (inside.length === 0) continue;
    const orphaned = dead.length
      ? inside.some((arg) => dead.some((dir) => arg.startsWith(dir)))
      : !inside.some((arg) => live.some((dir) => arg.startsWith(dir)));
    if (!orphaned) continue;
    try {
      process.kill(pid, 'SIGKILL');
      stopped.push(pid);
    } catch {
      // gone already
    }
  }
  return stopped;
}
