import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { adminSessions } from '../../db/schema.ts';

export type SessionTable = typeof adminSessions;

export async function insertSession(db: Executor, table: SessionTable, tokenHash: string, expiresAt: Date) {
  await db.insert(table).values({ tokenHash, expiresAt });
}

export async function isSessionLive(db: Executor, table: SessionTable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: table.tokenHash })
    .from(table)
    .where(and(eq(table.tokenHash, tokenHash), gt(table.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

export async function deleteSession(db: Executor, table: SessionTable, tokenHash: string) {
  await db.delete(table).where(eq(table.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Executor, table: SessionTable) {
  await db.delete(table).where(lt(table.expiresAt, new Date()));
}
