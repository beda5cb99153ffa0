import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeyChallenges, passkeys, signInFlows, signInIdentities, users } from '../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Whether this viewer can sign in (a passkey or a provider's identity): what makes a viewer an account. */
export async function hasSignInMethod(db: Executor, viewerId: string): Promise<boolean> {
  const result = await db.execute<{ yes: boolean }>(sql`
    select exists (select 1 from ${passkeys} where viewer_id = ${viewerId})
        or exists (select 1 from ${signInIdentities} where viewer_id = ${viewerId}) as yes`);
  return result.rows[0]?.yes === true;
}

export function findViewer(db: Executor, viewerId: string) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, viewerId))
    .then((rows) => rows[0]);
}

export function passkeysOf(db: Executor, viewerId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.viewerId, viewerId)).orderBy(asc(passkeys.id));
}

export function findPasskey(db: Executor, credentialId: Buffer): Promise<PasskeyRow | undefined> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .then((rows) => rows[0]);
}

export async function insertPasskey(db: Executor, row: typeof passkeys.$inferInsert): Promise<boolean> {
  const rows = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Notes a passkey's use, only if its signature counter is still the one checked (a clone used at the same time
 * loses); returns whether it was.
 */
export async function notePasskeyUse(db: Executor, id: number, checkedCount: number, newCount: number) {
  const rows = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.signCount, checkedCount)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Executor, viewerId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.viewerId, viewerId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function insertChallenge(db: Executor, row: typeof passkeyChallenges.$inferInsert) {
  await db.insert(passkeyChallenges).values(row);
}

/** Takes a challenge once: deleted as it is read, so a second answer to it finds nothing. */
export async function takeChallenge(
  db: Executor,
  challenge: string,
  purpose: 'register' | 'sign-in',
): Promise<{ viewerId: string | null } | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ viewerId: passkeyChallenges.viewerId });
  return row;
}

export async function deleteExpiredChallenges(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ challenge: passkeyChallenges.challenge });
  return rows.length;
}

export function identitiesOf(db: Executor, viewerId: string) {
  return db.select().from(signInIdentities).where(eq(signInIdentities.viewerId, viewerId));
}

export async function insertFlow(db: Executor, row: typeof signInFlows.$inferInsert) {
  await db.insert(signInFlows).values(row);
}

/** Takes a provider sign-in under way once: deleted as it is read, so its answer cannot be replayed. */
export async function takeFlow(db: Executor, stateHash: string, provider: string) {
  const [row] = await db
    .delete(signInFlows)
    .where(
      and(
        eq(signInFlows.stateHash, stateHash),
        eq(signInFlows.provider, provider),
        gt(signInFlows.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function deleteExpiredFlows(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(signInFlows)
    .where(lt(signInFlows.expiresAt, now))
    .returning({ stateHash: signInFlows.stateHash });
  return rows.length;
}

export function findIdentity(db: Executor, issuer: string, subject: string) {
  return db
    .select({ viewerId: signInIdentities.viewerId })
    .from(signInIdentities)
    .where(and(eq(signInIdentities.issuer, issuer), eq(signInIdentities.subject, subject)))
    .then((rows) => rows[0]);
}

/** Keeps a provider's identity for this viewer; false when it already belongs to someone (a race lost). */
export async function insertIdentity(db: Executor, row: typeof signInIdentities.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(signInIdentities)
    .values(row)
    .onConflictDoNothing()
    .returning({ viewerId: signInIdentities.viewerId });
  return rows.length > 0;
}

/** Every way this viewer signs in goes: passkeys, provider identities and unanswered challenges. */
export async function deleteSignInMethods(db: Executor, viewerId: string) {
  await db.delete(passkeys).where(eq(passkeys.viewerId, viewerId));
  await db.delete(signInIdentities).where(eq(signInIdentities.viewerId, viewerId));
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.viewerId, viewerId));
}

export function createdAtOf(db: Executor, viewerId: string) {
  return db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, viewerId))
    .then((rows) => rows[0]?.createdAt ?? null);
}
