import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitationCodes, invitations, users } from '../../db/schema.ts';

export async function codeOf(db: Executor, viewerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: invitationCodes.code })
    .from(invitationCodes)
    .where(eq(invitationCodes.viewerId, viewerId));
  return row?.code;
}

/** Keeps the code unless the viewer has one already (two first asks at once keep one). */
export async function insertCode(db: Executor, viewerId: string, code: string): Promise<void> {
  await db.insert(invitationCodes).values({ viewerId, code }).onConflictDoNothing();
}

/** The viewer a code is of, with where their row went (a guest brought into an account, a deleted account). */
export async function ownerOfCode(db: Executor, code: string) {
  const [row] = await db
    .select({ id: users.id, closedAt: users.closedAt, mergedInto: users.mergedInto })
    .from(invitationCodes)
    .innerJoin(users, eq(users.id, invitationCodes.viewerId))
    .where(eq(invitationCodes.code, code));
  return row;
}

export async function findViewer(db: Executor, viewerId: string) {
  const [row] = await db
    .select({ id: users.id, closedAt: users.closedAt, mergedInto: users.mergedInto })
    .from(users)
    .where(eq(users.id, viewerId));
  return row;
}

export async function rewardedSince(db: Executor, inviterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(eq(invitations.inviterId, inviterId), eq(invitations.rewarded, true), gte(invitations.createdAt, since)),
    );
  return row?.n ?? 0;
}

/** Once per new account: false when this account's invitation was recorded already. */
export async function insertInvitation(
  db: Executor,
  row: { inviteeId: string; inviterId: string; rewarded: boolean; createdAt: Date },
): Promise<boolean> {
  const added = await db.insert(invitations).values(row).onConflictDoNothing().returning({ id: invitations.inviteeId });
  return added.length > 0;
}

export async function invitedBy(db: Executor, inviterId: string): Promise<{ invited: number; rewarded: number }> {
  const [row] = await db
    .select({ invited: count(), rewarded: sql<number>`count(*) filter (where ${invitations.rewarded})::int` })
    .from(invitations)
    .where(eq(invitations.inviterId, inviterId));
  return { invited: row?.invited ?? 0, rewarded: row?.rewarded ?? 0 };
}
