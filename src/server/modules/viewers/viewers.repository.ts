import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, viewerSessions } from '../../db/schema.ts';

/**
 * Inserts the viewers that have no row yet and, when the start is not nothing, the `welcome` ledger entry that
 * gives each their starting balance: one statement, so both or neither are written without a transaction of its
 * own. Returns the ids inserted.
 */
export async function insertViewers(
  db: Executor,
  viewerIds: string[],
  username: string,
  start: { coins: number; bonuses: number },
): Promise<string[]> {
  if (viewerIds.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    with created as (
      insert into users (id, username, email, coins, bonuses)
      select id, ${username}, '', ${start.coins}, ${start.bonuses}
        from unnest(${sql.param(viewerIds)}::text[]) as id
      on conflict do nothing
      returning id
    ), welcomed as (
      insert into wallet_ledger (user_id, kind, coins_delta, bonuses_delta)
      select id, 'welcome', ${start.coins}, ${start.bonuses} from created
       where ${start.coins}::int <> 0 or ${start.bonuses}::int <> 0
    )
    select id from created`);
  return rows.rows.map((row) => row.id);
}

/** Deletes these viewers' rows (their welcome entries go with them). */
export async function deleteViewers(db: Executor, viewerIds: string[]): Promise<void> {
  await db.delete(users).where(inArray(users.id, viewerIds));
}

export interface LockedViewer {
  id: string;
  coins: number;
  bonuses: number;
  closedAt: Date | null;
  mergedInto: string | null;
}

/** Locks these viewers' rows in id order, as every writer of a balance does, so none can deadlock another. */
export function lockViewers(db: Executor, viewerIds: string[]): Promise<LockedViewer[]> {
  return db
    .select({
      id: users.id,
      coins: users.coins,
      bonuses: users.bonuses,
      closedAt: users.closedAt,
      mergedInto: users.mergedInto,
    })
    .from(users)
    .where(inArray(users.id, viewerIds))
    .orderBy(asc(users.id))
    .for('no key update');
}

export async function closeViewer(db: Executor, viewerId: string, mergedInto: string | null) {
  await db.update(users).set({ closedAt: new Date(), mergedInto }).where(eq(users.id, viewerId));
}

export async function renameViewer(db: Executor, viewerId: string, username: string, email: string) {
  await db.update(users).set({ username, email }).where(eq(users.id, viewerId));
}

export async function insertSession(
  db: Executor,
  session: { tokenHash: string; viewerId: string; method: string; userAgent: string },
) {
  await db.insert(viewerSessions).values(session);
}

/** The live session with this token hash, and notes that it was seen now (at most once a minute is written). */
export async function touchSession(db: Executor, tokenHash: string): Promise<{ viewerId: string } | undefined> {
  const [row] = await db
    .update(viewerSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(viewerSessions.tokenHash, tokenHash))
    .returning({ viewerId: viewerSessions.viewerId });
  return row;
}

export function sessionsOf(db: Executor, viewerId: string) {
  return db
    .select({
      id: viewerSessions.id,
      tokenHash: viewerSessions.tokenHash,
      method: viewerSessions.method,
      userAgent: viewerSessions.userAgent,
      createdAt: viewerSessions.createdAt,
      lastSeenAt: viewerSessions.lastSeenAt,
    })
    .from(viewerSessions)
    .where(eq(viewerSessions.viewerId, viewerId))
    .orderBy(desc(viewerSessions.lastSeenAt), desc(viewerSessions.id));
}

/** Ends sessions of this viewer: those with these ids, by token hash, or all of them. Returns how many ended. */
export async function deleteSessions(
  db: Executor,
  viewerId: string,
  which: { ids?: number[]; tokenHash?: string } = {},
): Promise<number> {
  const rows = await db
    .delete(viewerSessions)
    .where(
      and(
        eq(viewerSessions.viewerId, viewerId),
        which.ids ? inArray(viewerSessions.id, which.ids) : undefined,
        which.tokenHash ? eq(viewerSessions.tokenHash, which.tokenHash) : undefined,
      ),
    )
    .returning({ id: viewerSessions.id });
  return rows.length;
}
