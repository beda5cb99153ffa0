import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentCustomers } from '../../db/schema.ts';

export async function customerOfAccount(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, userId))
    .limit(1);
  return row?.customerId;
}

export async function accountOfCustomer(db: Executor, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.customerId, customerId))
    .limit(1);
  return row?.userId;
}

/** Keeps the first customer recorded for the account (two purchases at once made the same one, by its key). */
export async function saveCustomer(db: Executor, userId: string, customerId: string): Promise<void> {
  await db.insert(paymentCustomers).values({ userId, customerId }).onConflictDoNothing();
}
