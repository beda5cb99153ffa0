import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminSessions, operators } from '../../db/schema.ts';
import type { SignedInOperator } from '#contract/index.ts';

export type SessionTable = typeof adminSessions;

export async function insertSession(
  db: Executor,
  table: SessionTable,
  tokenHash: string,
  operatorId: number,
  expiresAt: Date,
) {
  await db.insert(table).values({ tokenHash, operatorId, expiresAt });
}

/** The operator of a live session, unless they were disabled since: read on every request, so on every instance. */
export async function operatorOfLiveSession(db: Executor, tokenHash: string): Promise<SignedInOperator | undefined> {
  const [row] = await db
    .select({ id: operators.id, name: operators.name, role: operators.role })
    .from(adminSessions)
    .innerJoin(operators, eq(operators.id, adminSessions.operatorId))
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        gt(adminSessions.expiresAt, new Date()),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteSession(db: Executor, table: SessionTable, tokenHash: string) {
  await db.delete(table).where(eq(table.tokenHash, tokenHash));
}

export async function deleteSessionsOf(db: Executor, operatorId: number) {
  await db.delete(adminSessions).where(eq(adminSessions.operatorId, operatorId));
}

export async function deleteExpiredSessions(db: Executor, table: SessionTable) {
  await db.delete(table).where(lt(table.expiresAt, new Date()));
}
