import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Beside this module: src/server/db/migrations, or the copy the build puts beside dist/server/main.js. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The reads made on nearly every request of a viewer (their balance, lists, progress and unlocks) run as named
 * statements (drizzle's `.prepare(name)`): each pooled connection has PostgreSQL parse and plan them once, then
 * only binds and runs them, which halves the database's work for them. A name stands for one SQL text, so a query
 * with variants has a name per variant (the driver refuses a name reused for another text).
 */
export function connectDatabase(url: string, onError: (error: Error) => void): DatabaseConnection {
  // A bounded connect: while the database is unreachable a request fails fast (503) instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', onError);
  // A checked-out client whose server goes away emits 'error' too; its query already fails with it, so the
  // event itself must not crash the process (pg throws an 'error' event nobody listens to).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export async function applyMigrations(db: Database) {
  await migrate(db, { migrationsFolder });
}
