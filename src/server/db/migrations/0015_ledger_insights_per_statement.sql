-- The ledger's insight events are written once per INSERT statement instead of once per row: the wallet
-- settles many purchases and unlocks in one statement, and a per-row trigger would fold the rollups once
-- per row (nine statements each). Same events, same ids (derived from the ledger id), same transaction.
DROP TRIGGER IF EXISTS wallet_ledger_insight ON wallet_ledger;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_record_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_events (event_id, user_id, kind, series_id, episode_number, occurred_at, coins, paid_coins, price_cents)
  SELECT
    md5('wallet_ledger:' || id)::uuid,
    user_id,
    kind,
    series_id,
    episode_number,
    created_at,
    abs(coins_delta + bonuses_delta),
    abs(coins_delta),
    price_cents
  FROM added
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_insight AFTER INSERT ON wallet_ledger
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION insight_record_ledger_entries();
--> statement-breakpoint
DROP FUNCTION IF EXISTS insight_record_ledger_entry();
