import path from 'node:path';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { applyMigrations, connectDatabase, type DatabaseConnection } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

export interface OpenDatabase extends DatabaseConnection {
  embedded?: EmbeddedDatabase;
}

/**
 * DATABASE_URL when set (starts nothing); otherwise an embedded PostgreSQL cluster in DATA_DIR/postgres, migrated
 * by its superuser and used through its app role.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPort'>,
  log: { info: (m: string) => void; error: (e: unknown, m?: string) => void },
): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  let migrationUrl = url;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'postgres'),
      port: config.pgPort,
      log: (m) => m && log.info(m),
    });
    url = embedded.url;
    migrationUrl = embedded.adminUrl;
  }
  let closing = false;
  const onError = (error: Error) => {
    // pool.end() resolves before idle sockets are gone; the server ending them at shutdown is expected, and an
    // outage is reported once by the availability monitor.
    if (closing || isDatabaseUnavailable(error)) return;
    const { code, message } = error as Error & { code?: string };
    log.error({ code, message }, 'idle database connection failed');
  };
  const connection = connectDatabase(url, onError);
  try {
    if (migrationUrl === url) await applyMigrations(connection.db);
    else {
      const migrator = connectDatabase(migrationUrl!, onError);
      await applyMigrations(migrator.db).finally(() => migrator.close());
    }
  } catch (error) {
    await connection.close();
    await embedded?.stop();
    throw error;
  }
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
