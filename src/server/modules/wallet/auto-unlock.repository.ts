import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { autoUnlocks, unlocks, users } from '../../db/schema.ts';
import type { EpisodeRef } from './wallet.repository.ts';

export async function autoUnlockSettingOf(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.autoUnlock }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

export async function setAutoUnlock(db: Executor, userId: string, on: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ autoUnlock: on }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** The viewer's latest automatic unlock of the episode, with its age by the database's clock, locked for the undo. */
export async function latestAutoUnlock(db: Executor, userId: string, episode: EpisodeRef) {
  const [row] = await db
    .select({
      id: autoUnlocks.id,
      coins: autoUnlocks.coins,
      bonuses: autoUnlocks.bonuses,
      undoneAt: autoUnlocks.undoneAt,
      ageSeconds: sql<number>`extract(epoch from (now() - ${autoUnlocks.createdAt}))::float8`,
    })
    .from(autoUnlocks)
    .where(
      and(
        eq(autoUnlocks.userId, userId),
        eq(autoUnlocks.seriesId, episode.seriesId),
        eq(autoUnlocks.episodeNumber, episode.episodeNumber),
      ),
    )
    .orderBy(desc(autoUnlocks.id))
    .limit(1)
    .for('update');
  return row;
}

/** Marks it undone; false when it already was (so a second undo credits nothing). */
export async function markUndone(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(autoUnlocks)
    .set({ undoneAt: sql`now()` })
    .where(and(eq(autoUnlocks.id, id), isNull(autoUnlocks.undoneAt)))
    .returning({ id: autoUnlocks.id });
  return rows.length > 0;
}

export async function deleteUnlock(db: Executor, userId: string, episode: EpisodeRef): Promise<void> {
  await db
    .delete(unlocks)
    .where(
      and(
        eq(unlocks.userId, userId),
        eq(unlocks.seriesId, episode.seriesId),
        eq(unlocks.episodeNumber, episode.episodeNumber),
      ),
    );
}
