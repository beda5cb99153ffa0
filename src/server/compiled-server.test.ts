import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/global-setup.ts';
import { projectRoot } from './project-root.ts';
import { exited, isAlive, postmasterPid, startServer, type ServerProcess } from './testing/server-process.ts';

// What `npm start` runs: the server compiled by the project's own build script, under plain node (no tsx).
// The bundle goes to a folder of its own inside the project (it finds node_modules and package.json above
// itself), so a build running beside this test keeps dist/server.
const cacheDir = path.join(projectRoot, 'node_modules', '.cache');
fs.mkdirSync(cacheDir, { recursive: true }); // not there yet after a fresh `npm ci`
const outDir = path.join(fs.mkdtempSync(path.join(cacheDir, 'cliffhanger-compiled-server-test-')), 'server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-compiled-'));
fs.chmodSync(dataDir, 0o755);
let server: ServerProcess | undefined;

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(outDir), { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('builds, starts under plain node, keeps the access gate and stops cleanly on SIGTERM', async () => {
    const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/build-server.mjs'), outDir], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const main = path.join(outDir, 'main.js');
    // One file of plain JavaScript: nothing left for tsx to compile.
    expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ["'][^"']+\.ts["']/);
    expect(fs.readdirSync(path.join(outDir, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true);

    const [port, pgPort] = [await freePort(), await freePort()];
    server = await startServer({ port, pgPort, dataDir, compiled: main });
    const { base } = server;

    // Past health, everything is behind the gate: viewers need the access cookie, operators a session.
    const gated = await fetch(`${base}/api/series`);
    expect(gated.status).toBe(401);
    expect(await gated.json()).toMatchObject({ statusCode: 401 });
    expect((await fetch(`${base}/api/admin/video-processing`)).status).toBe(401);

    const wrong = await fetch(`${base}/api/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'NOT-A-CODE' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const access = await fetch(`${base}/api/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'PROCESS-TEST' }),
    });
    expect(access.status).toBe(200);
    const cookie = access.headers.get('set-cookie')!.split(';')[0]!;
    const series = await fetch(`${base}/api/series`, { headers: { cookie } });
    expect(series.status).toBe(200);
    expect(await series.json()).toEqual([]); // SEED=none
    // The migrations ran from the bundle's own folder, and the routes' zod schemas made it into the bundle.
    const openapi = await fetch(`${base}/api/openapi.json`, { headers: { cookie } });
    expect(openapi.status).toBe(200);
    expect(Object.keys((await openapi.json()).paths)).toContain('/api/series');
    // The API reference's script is found in node_modules from the bundle's own folder.
    const reference = await fetch(`${base}/api/docs/redoc.standalone.js`, { headers: { cookie } });
    expect(reference.status).toBe(200);
    expect(reference.headers.get('content-type')).toMatch(/^text\/javascript/);

    const postmaster = postmasterPid(dataDir)!;
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(isAlive(postmaster)).toBe(false);
  }, 60_000);
});
