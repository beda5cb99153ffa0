import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

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
