import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operatorPasskeyChallenges, operatorPasskeys } from '../../db/schema.ts';

export type OperatorPasskeyRow = typeof operatorPasskeys.$inferSelect;

export function passkeysOf(db: Executor, operatorId: number): Promise<OperatorPasskeyRow[]> {
  return db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .orderBy(asc(operatorPasskeys.id));
}

export async function findPasskey(db: Executor, credentialId: Buffer): Promise<OperatorPasskeyRow | undefined> {
  const [row] = await db.select().from(operatorPasskeys).where(eq(operatorPasskeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: Executor, row: typeof operatorPasskeys.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(operatorPasskeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: operatorPasskeys.id });
  return rows.length > 0;
}

/** Notes a use only if the signature counter is still the one checked (of two uses racing, one wins). */
export async function notePasskeyUse(db: Executor, id: number, checkedCount: number, newCount: number) {
  const rows = await db
    .update(operatorPasskeys)
    .set({ signCount: newCount, lastUsedAt: new Date() })
    .where(and(eq(operatorPasskeys.id, id), eq(operatorPasskeys.signCount, checkedCount)))
    .returning({ id: operatorPasskeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Executor, operatorId: number, id: number) {
  const [row] = await db
    .delete(operatorPasskeys)
    .where(and(eq(operatorPasskeys.id, id), eq(operatorPasskeys.operatorId, operatorId)))
    .returning();
  return row;
}

export async function deletePasskeysOf(db: Executor, operatorId: number) {
  await db.delete(operatorPasskeys).where(eq(operatorPasskeys.operatorId, operatorId));
}

export async function insertChallenge(db: Executor, row: typeof operatorPasskeyChallenges.$inferInsert) {
  await db.insert(operatorPasskeyChallenges).values(row);
}

/** Takes a challenge once: deleted as it is read, so a second answer to it finds nothing. */
export async function takeChallenge(db: Executor, challenge: string, purpose: 'register' | 'sign-in') {
  const [row] = await db
    .delete(operatorPasskeyChallenges)
    .where(
      and(
        eq(operatorPasskeyChallenges.challenge, challenge),
        eq(operatorPasskeyChallenges.purpose, purpose),
        gt(operatorPasskeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ operatorId: operatorPasskeyChallenges.operatorId });
  return row;
}

export async function deleteExpiredChallenges(db: Executor, now: Date) {
  await db.delete(operatorPasskeyChallenges).where(lt(operatorPasskeyChallenges.expiresAt, now));
}
