import { and, asc, desc, eq, getTableColumns, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  autoUnlocks,
  checkIns,
  episodes,
  idempotencyKeys,
  purchases,
  series,
  unlocks,
  users,
  walletLedger,
} from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type LedgerRow = typeof walletLedger.$inferSelect;
export type NewLedgerRow = Omit<typeof walletLedger.$inferInsert, 'id' | 'createdAt'>;
export type UnlockRow = typeof unlocks.$inferSelect;

/** Read on every balance shown, so it runs as a named statement (see db/client.ts). */
export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).prepare('wallet_user').execute();
  return row;
}

/** Viewers whose id is this one, or ends with it (the 8-character UID a profile shows), case aside; at most two. */
export function findUsersByUid(db: Executor, uid: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`${users.id} = ${uid} or lower(right(${users.id}, 8)) = lower(${uid})`)
    .orderBy(asc(users.id))
    .limit(2);
}

/**
 * Locks the users' rows for the rest of the transaction, in id order (so concurrent batches cannot deadlock),
 * so balance checks and debits cannot interleave.
 */
export function lockUsers(db: Executor, userIds: string[]): Promise<UserRow[]> {
  return db.select().from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id)).for('no key update');
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

/** Adds each change to its user's balance (negative amounts debit); the caller holds the users' locks. */
export async function changeBalances(db: Executor, changes: { userId: string; coins: number; bonuses: number }[]) {
  if (changes.length === 0) return;
  await db.execute(sql`
    update ${users} u set coins = u.coins + c.coins, bonuses = u.bonuses + c.bonuses
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c("userId" text, coins integer, bonuses integer)
     where u.id = c."userId"
  `);
}

export async function insertLedgerEntry(db: Executor, entry: NewLedgerRow) {
  await db.insert(walletLedger).values(entry);
}

/** One statement, so the ledger's insight trigger folds the whole batch once; ids follow the given order. */
export async function insertLedgerEntries(db: Executor, entries: NewLedgerRow[]) {
  if (entries.length > 0) await db.insert(walletLedger).values(entries);
}

/** With the receipt of each paid purchase's payment, when the payment provider gave one. */
export function ledgerNewestFirst(
  db: Executor,
  userId: string,
  limit: number,
): Promise<(LedgerRow & { receiptUrl: string | null })[]> {
  return db
    .select({ ...getTableColumns(walletLedger), receiptUrl: purchases.receiptUrl })
    .from(walletLedger)
    .leftJoin(purchases, eq(purchases.id, walletLedger.purchaseId))
    .where(eq(walletLedger.userId, userId))
    .orderBy(desc(walletLedger.id))
    .limit(limit);
}

/** True when this is the user's first check-in of that UTC day; the primary key decides races. */
export async function insertCheckIn(db: Executor, userId: string, day: string): Promise<boolean> {
  const rows = await db.insert(checkIns).values({ userId, day }).onConflictDoNothing().returning({ day: checkIns.day });
  return rows.length > 0;
}

export interface EpisodeRef {
  seriesId: number;
  episodeNumber: number;
}

/** Share-locked so a series cannot be deleted under the unlocks that reference it. */
export function findSeriesPricing(db: Executor, seriesIds: number[]) {
  return db
    .select({ id: series.id, isFree: series.isFree, episodeCost: series.episodeCost })
    .from(series)
    .where(inArray(series.id, seriesIds))
    .for('key share');
}

const episodeRefs = (refs: EpisodeRef[]) =>
  sql`(select * from jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) as r("seriesId" integer, "episodeNumber" integer))`;

/**
 * The episodes viewers can play (video published), share-locked so none can be deleted or renumbered under the
 * unlock that pays for it. Episodes that do not exist or have no video yet are left out.
 */
export function findPublishedEpisodes(db: Executor, refs: EpisodeRef[]): Promise<EpisodeRef[]> {
  return db
    .select({ seriesId: episodes.seriesId, episodeNumber: episodes.episodeNumber })
    .from(episodes)
    .where(
      and(sql`(${episodes.seriesId}, ${episodes.episodeNumber}) in ${episodeRefs(refs)}`, ne(episodes.videoUrl, '')),
    )
    .for('key share');
}

/** Which of these episodes the users already unlocked; read under the users' locks, so it stays true. */
export function findUnlocks(db: Executor, userIds: string[], refs: EpisodeRef[]) {
  return db
    .select({ userId: unlocks.userId, seriesId: unlocks.seriesId, episodeNumber: unlocks.episodeNumber })
    .from(unlocks)
    .where(
      and(
        inArray(unlocks.userId, userIds),
        sql`(${unlocks.seriesId}, ${unlocks.episodeNumber}) in ${episodeRefs(refs)}`,
      ),
    );
}

export async function insertUnlocks(db: Executor, rows: { userId: string; seriesId: number; episodeNumber: number }[]) {
  if (rows.length > 0) await db.insert(unlocks).values(rows);
}

/** A viewer's unlocks (of one series: what the player asks on every open), as a named statement. */
export function unlocksInOrder(db: Executor, userId: string, seriesId?: number): Promise<UnlockRow[]> {
  return db
    .select()
    .from(unlocks)
    .where(and(eq(unlocks.userId, userId), seriesId === undefined ? undefined : eq(unlocks.seriesId, seriesId)))
    .orderBy(asc(unlocks.seriesId), asc(unlocks.episodeNumber))
    .prepare(seriesId === undefined ? 'wallet_unlocks' : 'wallet_unlocks_in_series')
    .execute();
}

export interface IdempotencyKey {
  userId: string;
  route: string;
  key: string;
}

export interface StoredAnswer {
  statusCode: number;
  reply: unknown;
}

const keyRefs = (keys: IdempotencyKey[]) =>
  sql`(select * from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k("userId" text, route text, key text))`;

/**
 * Claims idempotency keys inside the caller's transaction, in key order (so concurrent batches cannot deadlock).
 * While another transaction holds one of them uncommitted, this waits for it. Returns the keys claimed; the
 * others already have an answer stored.
 */
export function claimIdempotencyKeys(db: Executor, keys: IdempotencyKey[]): Promise<IdempotencyKey[]> {
  if (keys.length === 0) return Promise.resolve([]);
  const inOrder = [...keys].sort((a, b) =>
    a.userId === b.userId ? (a.route === b.route ? cmp(a.key, b.key) : cmp(a.route, b.route)) : cmp(a.userId, b.userId),
  );
  return db
    .insert(idempotencyKeys)
    .values(inOrder.map((key) => ({ ...key, statusCode: 0, reply: {} })))
    .onConflictDoNothing()
    .returning({ userId: idempotencyKeys.userId, route: idempotencyKeys.route, key: idempotencyKeys.key });
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function findIdempotentAnswers(
  db: Executor,
  keys: IdempotencyKey[],
): Promise<(IdempotencyKey & StoredAnswer)[]> {
  return db
    .select({
      userId: idempotencyKeys.userId,
      route: idempotencyKeys.route,
      key: idempotencyKeys.key,
      statusCode: idempotencyKeys.statusCode,
      reply: idempotencyKeys.reply,
    })
    .from(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.route}, ${idempotencyKeys.key}) in ${keyRefs(keys)}`);
}

export async function storeIdempotentAnswers(db: Executor, answers: (IdempotencyKey & StoredAnswer)[]) {
  if (answers.length === 0) return;
  await db.execute(sql`
    update ${idempotencyKeys} k set status_code = a."statusCode", reply = a.reply
      from jsonb_to_recordset(${JSON.stringify(answers)}::jsonb)
           as a("userId" text, route text, key text, "statusCode" integer, reply jsonb)
     where k.user_id = a."userId" and k.route = a.route and k.key = a.key
  `);
}

/** Gives up claims of requests that failed: nothing is stored for them, so the key may be retried. */
export async function releaseIdempotencyKeys(db: Executor, keys: IdempotencyKey[]) {
  if (keys.length === 0) return;
  await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.userId}, ${idempotencyKeys.route}, ${idempotencyKeys.key}) in ${keyRefs(keys)}`);
}

/** Forgets idempotency keys stored before `before`: a retry comes within seconds, not days. */
export async function deleteIdempotencyKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/**
 * Moves one viewer's balance to another with a `transfer` entry in each ledger, so both still sum to their
 * balances. The caller holds both rows' locks.
 */
export async function transferBalance(
  db: Executor,
  from: { id: string; coins: number; bonuses: number },
  toId: string,
  reason: string,
) {
  if (from.coins === 0 && from.bonuses === 0) return;
  await db.update(users).set({ coins: 0, bonuses: 0 }).where(eq(users.id, from.id));
  await db
    .update(users)
    .set({ coins: sql`${users.coins} + ${from.coins}`, bonuses: sql`${users.bonuses} + ${from.bonuses}` })
    .where(eq(users.id, toId));
  await db.insert(walletLedger).values([
    { userId: from.id, kind: 'transfer', coinsDelta: -from.coins, bonusesDelta: -from.bonuses, reason },
    { userId: toId, kind: 'transfer', coinsDelta: from.coins, bonusesDelta: from.bonuses, reason },
  ]);
}

/** Unlocks, check-in days and stored Idempotency-Key answers of one viewer become another's (kept where both have one). */
export async function moveUnlocksCheckInsAndKeys(db: Executor, fromId: string, toId: string) {
  await db.execute(sql`
    insert into ${unlocks} (user_id, series_id, episode_number, created_at)
    select ${toId}, series_id, episode_number, created_at from ${unlocks} where user_id = ${fromId}
    on conflict do nothing`);
  await db.delete(unlocks).where(eq(unlocks.userId, fromId));
  await db.execute(sql`
    insert into ${checkIns} (user_id, day, created_at)
    select ${toId}, day, created_at from ${checkIns} where user_id = ${fromId}
    on conflict do nothing`);
  await db.delete(checkIns).where(eq(checkIns.userId, fromId));
  await db.execute(sql`
    insert into ${idempotencyKeys} (user_id, route, key, status_code, reply, created_at)
    select ${toId}, route, key, status_code, reply, created_at from ${idempotencyKeys}
     where user_id = ${fromId} and status_code <> 0
    on conflict do nothing`);
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, fromId));
}

/** A closed account's unlocks (automatic ones too), check-in days and stored answers go; its ledger stays, for the books. */
export async function deleteUnlocksCheckInsAndKeys(db: Executor, userId: string) {
  await db.delete(unlocks).where(eq(unlocks.userId, userId));
  await db.delete(autoUnlocks).where(eq(autoUnlocks.userId, userId));
  await db.delete(checkIns).where(eq(checkIns.userId, userId));
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}

export function ledgerOldestFirst(db: Executor, userId: string): Promise<LedgerRow[]> {
  return db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(asc(walletLedger.id));
}

export function checkInDays(db: Executor, userId: string): Promise<string[]> {
  return db
    .select({ day: checkIns.day })
    .from(checkIns)
    .where(eq(checkIns.userId, userId))
    .orderBy(asc(checkIns.day))
    .then((rows) => rows.map((row) => String(row.day)));
}

export type NewAutoUnlock = Omit<typeof autoUnlocks.$inferInsert, 'id' | 'createdAt' | 'undoneAt'>;

export async function insertAutoUnlocks(db: Executor, rows: NewAutoUnlock[]) {
  if (rows.length > 0) await db.insert(autoUnlocks).values(rows);
}
