/**
 * The e2e server with a catalogue of 10,000 series / 500,000 episodes (playwright.scale.config.ts): its own
 * embedded PostgreSQL, migrated and filled (demo catalogue first, so the specs find the demo series, then the
 * generated ones), then the ordinary server on that database. Stops both on SIGTERM/SIGINT.
 *
 * Environment as the e2e server's, plus SCALE_SERIES (10000) and SCALE_EPISODES_PER_SERIES (50).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { applyMigrations, connectDatabase } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { seedDemoCatalogue } from '#server/demo/seed.ts';
import { loadLargeCatalogue } from '#server/demo/large-catalogue.ts';

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const size = {
  series: Number(process.env.SCALE_SERIES ?? 10_000),
  episodesPerSeries: Number(process.env.SCALE_EPISODES_PER_SERIES ?? 50),
};

const database = await startEmbeddedPostgres({
  clusterDir: path.join(dataDir, 'postgres'),
  port: Number(process.env.PG_PORT ?? 5433),
});
const setup = connectDatabase(database.adminUrl, () => {});
try {
  const started = Date.now();
  await applyMigrations(setup.db);
  await seedDemoCatalogue(setup.db, { mediaDir: path.join(dataDir, 'media'), log: () => {} });
  await loadLargeCatalogue(setup.db, size);
  console.error(`scale catalogue: ${size.series} series loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await setup.close();
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  // The owner's URL: the server migrates at start, which the app role of the cluster may not do on its own.
  env: { ...process.env, DATABASE_URL: database.adminUrl },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  void database.stop().finally(() => process.exit(code ?? 1));
});
