import path from 'node:path';
import type { Config } from '../config.ts';
import { applyMigrations, connectDatabase, type DatabaseConnection } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

export interface OpenDatabase extends DatabaseConnection {
  embedded?: EmbeddedDatabase;
}

/** DATABASE_URL when set (starts nothing); otherwise an embedded PostgreSQL cluster in DATA_DIR/postgres. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPort'>,
  log: { info: (m: string) => void; error: (e: unknown, m?: string) => void },
): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      port: config.pgPort,
      log: (m) => m && log.info(m),
    });
    url = embedded.url;
  }
  let closing = false;
  const connection = connectDatabase(url, (error) => {
    // pool.end() resolves before idle sockets are gone; the server ending them at shutdown is expected.
    if (closing) return;
    const { code, message } = error as Error & { code?: string };
    log.error({ code, message }, 'idle database connection failed');
  });
  await applyMigrations(connection.db);
  return {
    ...connection,
    embedded,
    close: async () => {
      closing = true;
      await connection.close();
      await embedded?.stop();
    },
  };
}
