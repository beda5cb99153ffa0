import { and, eq, gt, inArray, isNotNull, isNull, lt, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accessGate, accessSessions } from '../../db/schema.ts';

export interface AccessGateRow {
  signingKey: string;
  generation: number;
  codeIds: string[];
}

/** The gate's one row, made with `signingKey` by the first instance that needs it. */
export async function ensureAccessGate(db: Executor, signingKey: string): Promise<AccessGateRow> {
  await db.insert(accessGate).values({ id: 1, signingKey }).onConflictDoNothing();
  return readAccessGate(db);
}

export async function readAccessGate(db: Executor): Promise<AccessGateRow> {
  const [row] = await db
    .select({ signingKey: accessGate.signingKey, generation: accessGate.generation, codeIds: accessGate.codeIds })
    .from(accessGate)
    .where(eq(accessGate.id, 1));
  if (!row) throw new Error('The access gate has not been set up.');
  return row;
}

export async function setCodeIds(db: Executor, codeIds: string[]) {
  await db.update(accessGate).set({ codeIds, updatedAt: new Date() }).where(eq(accessGate.id, 1));
}

export async function addCodeId(db: Executor, codeId: string) {
  await db
    .update(accessGate)
    .set({ codeIds: sql`array_append(${accessGate.codeIds}, ${codeId})`, updatedAt: new Date() })
    .where(and(eq(accessGate.id, 1), not(sql`${codeId} = any(${accessGate.codeIds})`)));
}

export async function raiseGeneration(db: Executor): Promise<number> {
  const [row] = await db
    .update(accessGate)
    .set({ generation: sql`${accessGate.generation} + 1`, updatedAt: new Date() })
    .where(eq(accessGate.id, 1))
    .returning({ generation: accessGate.generation });
  return row!.generation;
}

export async function insertAccessSession(
  db: Executor,
  session: { id: string; codeId: string; generation: number; expiresAt: Date },
) {
  await db.insert(accessSessions).values(session);
}

/** Marks live sessions revoked: one, those of codes no longer in force, or all. Returns how many. */
export async function revokeAccessSessions(
  db: Executor,
  which: { sessionId: string } | { codeIdsNotIn: string[] } | 'all',
): Promise<number> {
  const live = and(isNull(accessSessions.revokedAt), gt(accessSessions.expiresAt, new Date()));
  const chosen =
    which === 'all'
      ? live
      : 'sessionId' in which
        ? and(live, eq(accessSessions.id, which.sessionId))
        : which.codeIdsNotIn.length > 0
          ? and(live, not(inArray(accessSessions.codeId, which.codeIdsNotIn)))
          : live;
  const rows = await db
    .update(accessSessions)
    .set({ revokedAt: new Date() })
    .where(chosen)
    .returning({ id: accessSessions.id });
  return rows.length;
}

/**
 * Sessions ended one by one (left the preview) that would otherwise still pass: what every instance refuses besides
 * the generation and the codes in force. Sessions of a removed code or an older generation fail those checks anyway.
 */
export async function revokedSessionIds(db: Executor, gate: Pick<AccessGateRow, 'generation' | 'codeIds'>) {
  const rows = await db
    .select({ id: accessSessions.id })
    .from(accessSessions)
    .where(
      and(
        isNotNull(accessSessions.revokedAt),
        gt(accessSessions.expiresAt, new Date()),
        eq(accessSessions.generation, gate.generation),
        inArray(accessSessions.codeId, gate.codeIds.length > 0 ? gate.codeIds : ['']),
      ),
    );
  return rows.map((r) => r.id);
}

export async function deleteExpiredAccessSessions(db: Executor) {
  await db.delete(accessSessions).where(lt(accessSessions.expiresAt, new Date()));
}
