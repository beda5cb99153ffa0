// Lints the API's OpenAPI document as a client generator or a docs page would read it: builds the app on a
// throwaway embedded PostgreSQL (no server listens), asks for /api/openapi.json past the access gate, writes it to
// a temporary file and runs `redocly lint` (recommended rules, see redocly.yaml) on it. Exits with redocly's code.
//   npm run lint:openapi                 (npm run lint:openapi -- out.json keeps the document there too)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/open.ts';
import { resolveSecrets } from '#server/secrets.ts';
import { freePort } from '#server/testing/global-setup.ts';
import { projectRoot } from '#server/project-root.ts';

const ACCESS_CODE = 'OPENAPI-LINT';

async function openApiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-openapi-'));
  // Started as root, the embedded PostgreSQL runs as `postgres`, which must reach its cluster folder.
  fs.chmodSync(dataDir, 0o755);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PG_PORT: String(await freePort()),
    ACCESS_CODES: ACCESS_CODE,
    ADMIN_PASSWORD: 'openapi-lint',
    LOG_LEVEL: 'silent',
    TRANSCODE_CONCURRENCY: '0',
    SEED: 'none',
  });
  const quiet = { info: () => {}, error: () => {} };
  const database = await openDatabase(config, quiet);
  try {
    const secrets = await resolveSecrets(database.db, config, () => {});
    const app = await buildApp({ config, db: database.db, pool: database.pool, secrets });
    try {
      const access = await app.inject({ method: 'POST', url: '/api/access', payload: { code: ACCESS_CODE } });
      const cookie = access.cookies[0];
      if (access.statusCode !== 200 || !cookie) throw new Error(`access gate: ${access.statusCode} ${access.body}`);
      const document = await app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        cookies: { [cookie.name]: cookie.value },
      });
      if (document.statusCode !== 200) throw new Error(`/api/openapi.json: ${document.statusCode} ${document.body}`);
      return JSON.stringify(document.json(), null, 2);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const document = await openApiDocument();
const keepAt = process.argv[2];
if (keepAt) fs.writeFileSync(keepAt, document);
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-openapi-lint-'));
const file = path.join(tempDir, 'openapi.json');
fs.writeFileSync(file, document);
const redocly = path.join(projectRoot, 'node_modules/.bin/redocly');
const lint = spawnSync(redocly, ['lint', '--extends', 'recommended', file], {
  cwd: projectRoot,
  stdio: 'inherit',
  // No telemetry and no check for a newer version: the version is pinned in package.json.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
fs.rmSync(tempDir, { recursive: true, force: true });
process.exit(lint.status ?? 1);
