-- Every viewer is their own: a new viewer's starting balance (NEW_VIEWER_COINS, NEW_VIEWER_BONUSES) is a
-- `welcome` ledger entry, so each viewer's ledger still sums to their balance. It is no viewing, purchase or
-- check-in, so it is left out of the insight events. Existing rows, user-1's included, stay as they are.
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
  WHERE kind <> 'welcome'
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
