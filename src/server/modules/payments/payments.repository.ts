import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentEvents, purchases, walletLedger } from '../../db/schema.ts';
import type { PurchaseStatusName } from '#contract/index.ts';

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchaseRow = typeof purchases.$inferInsert;

export async function insertPurchase(db: Executor, row: NewPurchaseRow): Promise<void> {
  await db.insert(purchases).values(row);
}

export async function findPurchase(db: Executor, purchaseId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId)).limit(1);
  return row;
}

/** The purchase a payment belongs to, locked for the rest of the transaction (refunds and disputes). */
export async function lockPurchaseOfPayment(
  db: Executor,
  payment: { paymentIntentId: string | null; chargeId: string },
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(
      payment.paymentIntentId
        ? eq(purchases.paymentIntentId, payment.paymentIntentId)
        : eq(purchases.chargeId, payment.chargeId),
    )
    .limit(1)
    .for('update');
  return row;
}

/**
 * Serialises one viewer's purchase starts (not their unlocks) for the rest of the transaction, so the hourly count
 * of unpaid sessions cannot be passed by starting many at once.
 */
export async function lockPurchaseStarts(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`purchase-starts:${userId}`}, 0))`);
}

export async function countUnpaidSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'pending'), gt(purchases.createdAt, since)));
  return row?.count ?? 0;
}

/**
 * pending → paid, once: of all the deliveries, redeliveries and status reads racing for one purchase, only the
 * first update matches (the others find it paid) and only its caller credits the coins.
 */
export async function markPaid(
  db: Executor,
  purchaseId: string,
  payment: { sessionId: string; paymentIntentId: string | null; chargeId: string | null; receiptUrl: string | null },
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      paymentIntentId: payment.paymentIntentId,
      chargeId: payment.chargeId,
      receiptUrl: payment.receiptUrl,
    })
    .where(
      and(
        eq(purchases.id, purchaseId),
        eq(purchases.status, 'pending'),
        eq(purchases.checkoutSessionId, payment.sessionId),
      ),
    )
    .returning();
  return row;
}

/** pending → expired or failed; a purchase already paid stays paid. */
export async function markClosed(
  db: Executor,
  purchaseId: string,
  sessionId: string,
  status: 'expired' | 'failed',
): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ status, closedAt: sql`now()` })
    .where(
      and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending'), eq(purchases.checkoutSessionId, sessionId)),
    )
    .returning({ id: purchases.id });
  return rows.length > 0;
}

/** Fills in the charge and its receipt of a paid purchase when they were not known at the credit. */
export async function noteReceipt(
  db: Executor,
  purchaseId: string,
  receipt: { chargeId: string | null; receiptUrl: string | null; paymentIntentId: string | null },
): Promise<void> {
  await db
    .update(purchases)
    .set({
      chargeId: sql`coalesce(${purchases.chargeId}, ${receipt.chargeId})`,
      receiptUrl: sql`coalesce(${purchases.receiptUrl}, ${receipt.receiptUrl})`,
      paymentIntentId: sql`coalesce(${purchases.paymentIntentId}, ${receipt.paymentIntentId})`,
    })
    .where(eq(purchases.id, purchaseId));
}

export async function recordTakenBack(
  db: Executor,
  purchaseId: string,
  change: {
    status: PurchaseStatusName;
    refundedMinor: number;
    coinsReclaimed: number;
    bonusesReclaimed: number;
    coinsNotRecovered: number;
  },
): Promise<PurchaseRow> {
  const [row] = await db
    .update(purchases)
    .set({ ...change, refundedAt: sql`now()` })
    .where(eq(purchases.id, purchaseId))
    .returning();
  return row!;
}

/** Claims a webhook event by its id in the caller's transaction: false when it was handled before (or is now). */
export async function claimEvent(db: Executor, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}

export function listPurchases(
  db: Executor,
  filter: { status?: PurchaseStatusName; before?: Date; limit: number },
): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(
      and(
        filter.status ? eq(purchases.status, filter.status) : undefined,
        filter.before ? lt(purchases.createdAt, filter.before) : undefined,
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(filter.limit);
}

export interface RevenueRow {
  day: string;
  currency: string;
  paidMinor: number;
  refundedMinor: number;
  purchases: number;
}

/** Money taken per UTC day and currency: paid on the day it was paid, refunds on the day of the last refund. */
export async function revenueByDay(db: Executor, from: Date, to: Date): Promise<RevenueRow[]> {
  const result = await db.execute<{
    day: string;
    currency: string;
    paid_minor: string;
    refunded_minor: string;
    purchases: string;
  }>(sql`
    with moves as (
      select (paid_at at time zone 'UTC')::date as day, currency, amount_minor as paid, 0 as refunded, 1 as bought
        from ${purchases} where paid_at >= ${from} and paid_at < ${to}
      union all
      select (refunded_at at time zone 'UTC')::date, currency, 0, refunded_minor, 0
        from ${purchases} where refunded_at >= ${from} and refunded_at < ${to} and refunded_minor > 0
    )
    select day::text, currency, sum(paid)::text as paid_minor, sum(refunded)::text as refunded_minor,
           sum(bought)::text as purchases
      from moves group by day, currency order by day, currency`);
  return result.rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    paidMinor: Number(row.paid_minor),
    refundedMinor: Number(row.refunded_minor),
    purchases: Number(row.purchases),
  }));
}

/** The preview's purchases per UTC day (no payment row: ledger purchases without one), at their list price. */
export async function previewPurchasesByDay(db: Executor, from: Date, to: Date) {
  const result = await db.execute<{ day: string; purchases: string; list_price: string }>(sql`
    select (created_at at time zone 'UTC')::date::text as day, count(*)::text as purchases,
           coalesce(sum(price_cents), 0)::text as list_price
      from ${walletLedger}
     where kind = 'purchase' and purchase_id is null and created_at >= ${from} and created_at < ${to}
     group by 1 order by 1`);
  return result.rows.map((row) => ({
    day: row.day,
    purchases: Number(row.purchases),
    listPrice: Number(row.list_price),
  }));
}
