import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AsyncLocalStorage } from './render-request-storage.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-ssr-build-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the page renderer’s request store', () => {
  it('holds its store for the length of run(), nested runs included, and lets go after a throw', () => {
    const storage = new AsyncLocalStorage<string>();
    expect(storage.getStore()).toBeUndefined();
    const seen = storage.run(
      'outer',
      (suffix: string) => {
        const inner = storage.run('inner', () => storage.getStore());
        return `${storage.getStore()}${suffix} ${inner}`;
      },
      '!',
    );
    expect(seen).toBe('outer! inner');
    expect(() =>
      storage.run('failing', () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(storage.getStore()).toBeUndefined();
  });

  it('is what the built renderer uses: rendering a page never turns on Node’s promise hooks', async () => {
    // Built as `vite build` builds it (production mode: the test runner's NODE_ENV would pick React's development JSX).
    const build = `
      const { createBuilder } = await import('vite');
      const builder = await createBuilder({ root: ${JSON.stringify(projectRoot)}, logLevel: 'warn',
        environments: { ssr: { build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true } } } });
      await builder.build(builder.environments.ssr);
    `;
    const built = spawnSync(process.execPath, ['--input-type=module', '-e', build], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(built.status, built.stderr).toBe(0);
    const entry = path.join(outDir, 'entry-server.js');
    // Node's own AsyncLocalStorage, watched: any run() or enterWith() turns the hooks on for the process.
    const script = `
      const hooks = await import('node:async_hooks');
      let turnedOn = 0;
      for (const name of ['run', 'enterWith']) {
        const original = hooks.AsyncLocalStorage.prototype[name];
        hooks.AsyncLocalStorage.prototype[name] = function (...args) { turnedOn++; return original.apply(this, args); };
      }
      const { renderPage } = await import(${JSON.stringify(entry)});
      // Every read fails: the renderer has still rendered once to learn which reads the page makes.
      let reads = 0;
      const readApi = async () => (reads++, { status: 404, text: 'Not here' });
      await renderPage({ url: '/', language: 'en', readApi, forEveryone: true });
      console.log(JSON.stringify({ turnedOn, reads }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { turnedOn: number; reads: number };
    expect(result.reads).toBeGreaterThan(0);
    expect(result.turnedOn).toBe(0);
  }, 60_000);
});
