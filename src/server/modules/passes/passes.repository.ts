import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passes } from '../../db/schema.ts';

export type PassRow = typeof passes.$inferSelect;
export type PassStatus = PassRow['status'];

/** A pass plays while it has not ended and its paid period is ahead: the one rule every check uses. */
export const passPlays = sql`${passes.status} <> 'ended' and ${passes.currentPeriodEnd} > now()`;

export async function playingPassOf(db: Executor, userId: string): Promise<PassRow | undefined> {
  const [row] = await db
    .select()
    .from(passes)
    .where(and(eq(passes.userId, userId), passPlays))
    .orderBy(desc(passes.currentPeriodEnd))
    .limit(1);
  return row;
}

/** Which of these viewers have a pass that plays now. */
export async function viewersWithPlayingPass(db: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: passes.userId })
    .from(passes)
    .where(and(inArray(passes.userId, userIds), passPlays));
  return rows.map((row) => row.userId);
}

/** A pass whose period ran out is ended, as of its period's end (so a new one may be started). */
export async function endRunOutPasses(db: Executor, userId: string): Promise<void> {
  await db
    .update(passes)
    .set({ status: 'ended', endedAt: passes.currentPeriodEnd, updatedAt: sql`now()` })
    .where(and(eq(passes.userId, userId), ne(passes.status, 'ended'), lte(passes.currentPeriodEnd, sql`now()`)));
}

/** Serialises the writes of one viewer's passes for the rest of the transaction (events of two subscriptions). */
export async function lockPassesOf(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`passes:${userId}`}, 0))`);
}

/** Ends the viewer's live passes other than this subscription's, now at the latest. */
export async function endOtherLivePasses(db: Executor, userId: string, subscriptionId: string): Promise<void> {
  await db
    .update(passes)
    .set({
      status: 'ended',
      currentPeriodEnd: sql`least(${passes.currentPeriodEnd}, now())`,
      endedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(passes.userId, userId), ne(passes.status, 'ended'), ne(passes.subscriptionId, subscriptionId)));
}

export interface PassWrite {
  userId: string;
  provider: 'preview' | 'stripe';
  subscriptionId: string;
  customerId: string | null;
  status: PassStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/**
 * Records a subscription's state by its id. Only an `active` state moves the period end (a renewal that was not
 * paid does not lengthen the pass); an ended pass ends now, at the latest, and stays ended whatever comes later
 * (a cancelled subscription never comes back; a late, older event must not reopen it).
 */
export async function upsertPass(db: Executor, pass: PassWrite): Promise<PassRow | undefined> {
  const [row] = await db
    .insert(passes)
    .values({
      ...pass,
      // A subscription first seen unpaid (incomplete, past due) has paid for nothing yet: it does not play.
      currentPeriodEnd:
        pass.status === 'active'
          ? pass.currentPeriodEnd
          : sql`least(${pass.currentPeriodEnd.toISOString()}::timestamptz, now())`,
      endedAt: pass.status === 'ended' ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: passes.subscriptionId,
      set: {
        status: sql`excluded.status`,
        customerId: sql`coalesce(excluded.customer_id, ${passes.customerId})`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        currentPeriodEnd: sql`case
          when excluded.status = 'active' then excluded.current_period_end
          when excluded.status = 'ended' then least(${passes.currentPeriodEnd}, now())
          else ${passes.currentPeriodEnd} end`,
        endedAt: sql`case when excluded.status = 'ended' then now() end`,
        updatedAt: sql`now()`,
      },
      setWhere: ne(passes.status, 'ended'),
    })
    .returning();
  return row;
}

export async function deletePassesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(passes).where(eq(passes.userId, userId));
}

export function passesOf(db: Executor, userId: string): Promise<PassRow[]> {
  return db.select().from(passes).where(eq(passes.userId, userId)).orderBy(passes.id);
}
