import type { Executor } from '../../db/client.ts';
import { users, walletLedger } from '../../db/schema.ts';

/** Inserts the viewers that have no row yet; returns the ids inserted. */
export async function insertViewers(
  db: Executor,
  viewerIds: string[],
  username: string,
  start: { coins: number; bonuses: number },
): Promise<string[]> {
  if (viewerIds.length === 0) return [];
  const rows = await db
    .insert(users)
    .values(viewerIds.map((id) => ({ id, username, email: '', coins: start.coins, bonuses: start.bonuses })))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function insertStartingBalances(
  db: Executor,
  viewerIds: string[],
  start: { coins: number; bonuses: number },
) {
  await db.insert(walletLedger).values(
    viewerIds.map((userId) => ({
      userId,
      kind: 'welcome' as const,
      coinsDelta: start.coins,
      bonusesDelta: start.bonuses,
    })),
  );
}
