import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkIns, episodes, idempotencyKeys, series, unlocks, users, walletLedger } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type LedgerRow = typeof walletLedger.$inferSelect;
export type NewLedgerRow = Omit<typeof walletLedger.$inferInsert, 'id' | 'createdAt'>;
export type UnlockRow = typeof unlocks.$inferSelect;

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Locks the user row for the rest of the transaction, so balance checks and debits cannot interleave. */
export async function lockUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('no key update').limit(1);
  return row;
}

export async function creditUser(
  db: Executor,
  userId: string,
  amount: { coins: number; bonuses: number },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ coins: sql`${users.coins} + ${amount.coins}`, bonuses: sql`${users.bonuses} + ${amount.bonuses}` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Debits only while the balance covers it; undefined when it does not (nothing changes then). */
export async function debitUser(
  db: Executor,
  userId: string,
  amount: { coins: number; bonuses: number },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ coins: sql`${users.coins} - ${amount.coins}`, bonuses: sql`${users.bonuses} - ${amount.bonuses}` })
    .where(and(eq(users.id, userId), gte(users.coins, amount.coins), gte(users.bonuses, amount.bonuses)))
    .returning();
  return row;
}

export async function insertLedgerEntry(db: Executor, entry: NewLedgerRow) {
  await db.insert(walletLedger).values(entry);
}

export function ledgerNewestFirst(db: Executor, userId: string, limit: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId))
    .orderBy(desc(walletLedger.id))
    .limit(limit);
}

/** True when this is the user's first check-in of that UTC day; the primary key decides races. */
export async function insertCheckIn(db: Executor, userId: string, day: string): Promise<boolean> {
  const rows = await db.insert(checkIns).values({ userId, day }).onConflictDoNothing().returning({ day: checkIns.day });
  return rows.length > 0;
}

/** Takes a share lock so the series cannot be deleted under the unlock that references it. */
export async function findSeriesPricing(db: Executor, seriesId: number) {
  const [row] = await db
    .select({
      id: series.id,
      isFree: series.isFree,
      episodeCost: series.episodeCost,
    })
    .from(series)
    .where(eq(series.id, seriesId))
    .for('key share')
    .limit(1);
  return row;
}

/**
 * The episode viewers can play (its video published), share-locked so it cannot be deleted or renumbered
 * under the unlock that pays for it; undefined while it does not exist or has no video yet.
 */
export async function findPublishedEpisode(db: Executor, seriesId: number, episodeNumber: number) {
  const [row] = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), eq(episodes.episodeNumber, episodeNumber), ne(episodes.videoUrl, '')))
    .for('key share')
    .limit(1);
  return row;
}

/** False when the episode was already unlocked; the primary key decides doubles. */
export async function insertUnlock(
  db: Executor,
  unlock: { userId: string; seriesId: number; episodeNumber: number },
): Promise<boolean> {
  const rows = await db.insert(unlocks).values(unlock).onConflictDoNothing().returning({ userId: unlocks.userId });
  return rows.length > 0;
}

export function unlocksInOrder(db: Executor, userId: string, seriesId?: number): Promise<UnlockRow[]> {
  return db
    .select()
    .from(unlocks)
    .where(and(eq(unlocks.userId, userId), seriesId === undefined ? undefined : eq(unlocks.seriesId, seriesId)))
    .orderBy(asc(unlocks.seriesId), asc(unlocks.episodeNumber));
}

export interface StoredAnswer {
  statusCode: number;
  reply: unknown;
}

/**
 * Claims an idempotency key inside the caller's transaction. While another transaction holds the
 * same key uncommitted, this waits for it; false means an answer is already stored for the key.
 */
export async function claimIdempotencyKey(
  db: Executor,
  key: { userId: string; route: string; key: string },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...key, statusCode: 0, reply: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findIdempotentAnswer(
  db: Executor,
  key: { userId: string; route: string; key: string },
): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, reply: idempotencyKeys.reply })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, key.userId),
        eq(idempotencyKeys.route, key.route),
        eq(idempotencyKeys.key, key.key),
      ),
    )
    .limit(1);
  return row;
}

export async function storeIdempotentAnswer(
  db: Executor,
  key: { userId: string; route: string; key: string },
  answer: StoredAnswer,
) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, reply: answer.reply })
    .where(
      and(
        eq(idempotencyKeys.userId, key.userId),
        eq(idempotencyKeys.route, key.route),
        eq(idempotencyKeys.key, key.key),
      ),
    );
}

/** Forgets idempotency keys stored before `before`: a retry comes within seconds, not days. */
export async function deleteIdempotencyKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
