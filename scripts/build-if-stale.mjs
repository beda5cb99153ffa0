// Part of `npm start`: builds the client and compiles the server when either is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether `built` is missing or older than any of `sources` (an install without sources is never stale). */
function stale(built, sources) {
  const present = sources.map((s) => path.join(root, s)).filter((s) => fs.existsSync(s));
  if (present.length === 0) return false;
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  return (
    builtAt < Math.max(...present.map((s) => (fs.statSync(s).isDirectory() ? newestSource(s) : fs.statSync(s).mtimeMs)))
  );
}

function run(what, command, args) {
  console.log(what);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// One `vite build` writes both the client and the server's page renderer (dist/ssr).
// The app's pictures and its service worker's making (docs/pwa.md) are the client's too.
const clientSources = ['src/web', 'src/contract', 'index.html', 'public', 'scripts/pwa.ts'];
if (
  stale(path.join(root, 'dist/client/index.html'), clientSources) ||
  stale(path.join(root, 'dist/client/sw.js'), clientSources) ||
  stale(path.join(root, 'dist/ssr/entry-server.js'), clientSources)
) {
  run('Building the client…', 'npx', ['vite', 'build', '--logLevel', 'warn']);
}
if (stale(path.join(root, 'dist/server/main.js'), ['src/server', 'src/contract'])) {
  run('Compiling the server…', process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
}
