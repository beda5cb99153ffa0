// Part of `npm run build`: compiles the server into dist/server (plain JavaScript for `node`), with the
// files it reads at run time (the database migrations) beside it.
//   node scripts/build-server.mjs [outdir]    (another folder inside the project, e.g. for a test: the
//                                              bundle finds node_modules and package.json above itself)
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist/server'));

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/server/main.ts',
    'transcode-worker': 'src/server/modules/transcode/worker.main.ts',
  },
  outdir,
  bundle: true,
  // Dependencies stay in node_modules: their own files (binaries, native parts) are found from there.
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
