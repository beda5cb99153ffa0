-- Start-up times are kept as a histogram: 10 ms buckets below 1 s, 50 ms below 5 s, 500 ms above.
CREATE FUNCTION insight_startup_bucket(ms integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN ms < 1000 THEN ms / 10 * 10 WHEN ms < 5000 THEN ms / 50 * 50 ELSE ms / 500 * 500 END
$$;
--> statement-breakpoint
-- Rollups follow insight_events in the same transaction. A statement trigger sees only the rows the
-- statement really inserted (ON CONFLICT DO NOTHING leaves duplicates out), so an event sent twice counts
-- once. Rows are upserted in key order so concurrent batches lock rollup rows in the same order.
CREATE FUNCTION insight_fold_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_episode_days AS r (series_id, episode_number, day, plays, progress_25, progress_50, progress_75,
      completions, leaves, paywall_shown, unlocks, coins_spent, paid_coins_spent, watch_ms)
  SELECT series_id, episode_number, (occurred_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE kind = 'play_start'),
      count(*) FILTER (WHERE kind = 'progress' AND percent = 25),
      count(*) FILTER (WHERE kind = 'progress' AND percent = 50),
      count(*) FILTER (WHERE kind = 'progress' AND percent = 75),
      count(*) FILTER (WHERE kind = 'progress' AND percent = 100),
      count(*) FILTER (WHERE kind = 'leave'),
      count(*) FILTER (WHERE kind = 'paywall_shown'),
      count(*) FILTER (WHERE kind = 'unlock'),
      coalesce(sum(coins) FILTER (WHERE kind = 'unlock'), 0),
      coalesce(sum(paid_coins) FILTER (WHERE kind = 'unlock'), 0),
      sum(watched_ms)
  FROM added
  WHERE series_id IS NOT NULL AND episode_number IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (series_id, episode_number, day) DO UPDATE SET
    plays = r.plays + excluded.plays,
    progress_25 = r.progress_25 + excluded.progress_25,
    progress_50 = r.progress_50 + excluded.progress_50,
    progress_75 = r.progress_75 + excluded.progress_75,
    completions = r.completions + excluded.completions,
    leaves = r.leaves + excluded.leaves,
    paywall_shown = r.paywall_shown + excluded.paywall_shown,
    unlocks = r.unlocks + excluded.unlocks,
    coins_spent = r.coins_spent + excluded.coins_spent,
    paid_coins_spent = r.paid_coins_spent + excluded.paid_coins_spent,
    watch_ms = r.watch_ms + excluded.watch_ms;

  INSERT INTO insight_series_days AS r (series_id, day, plays, coins_spent, paid_coins_spent)
  SELECT series_id, (occurred_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE kind = 'play_start'),
      coalesce(sum(coins) FILTER (WHERE kind = 'unlock'), 0),
      coalesce(sum(paid_coins) FILTER (WHERE kind = 'unlock'), 0)
  FROM added
  WHERE series_id IS NOT NULL AND kind IN ('play_start', 'unlock')
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (series_id, day) DO UPDATE SET
    plays = r.plays + excluded.plays,
    coins_spent = r.coins_spent + excluded.coins_spent,
    paid_coins_spent = r.paid_coins_spent + excluded.paid_coins_spent;

  INSERT INTO insight_days AS r (day, plays, completions, paywall_shown, unlocks, coins_spent, paid_coins_spent,
      watch_ms, purchases, paid_coins_sold, money_cents, check_ins)
  SELECT (occurred_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE kind = 'play_start'),
      count(*) FILTER (WHERE kind = 'progress' AND percent = 100),
      count(*) FILTER (WHERE kind = 'paywall_shown'),
      count(*) FILTER (WHERE kind = 'unlock'),
      coalesce(sum(coins) FILTER (WHERE kind = 'unlock'), 0),
      coalesce(sum(paid_coins) FILTER (WHERE kind = 'unlock'), 0),
      sum(watched_ms),
      count(*) FILTER (WHERE kind = 'purchase'),
      coalesce(sum(paid_coins) FILTER (WHERE kind = 'purchase'), 0),
      coalesce(sum(price_cents) FILTER (WHERE kind = 'purchase'), 0),
      count(*) FILTER (WHERE kind = 'checkin')
  FROM added
  GROUP BY 1
  ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET
    plays = r.plays + excluded.plays,
    completions = r.completions + excluded.completions,
    paywall_shown = r.paywall_shown + excluded.paywall_shown,
    unlocks = r.unlocks + excluded.unlocks,
    coins_spent = r.coins_spent + excluded.coins_spent,
    paid_coins_spent = r.paid_coins_spent + excluded.paid_coins_spent,
    watch_ms = r.watch_ms + excluded.watch_ms,
    purchases = r.purchases + excluded.purchases,
    paid_coins_sold = r.paid_coins_sold + excluded.paid_coins_sold,
    money_cents = r.money_cents + excluded.money_cents,
    check_ins = r.check_ins + excluded.check_ins;

  WITH first_today AS (
  INSERT INTO insight_episode_viewers (series_id, episode_number, kind, day, user_id)
  SELECT DISTINCT series_id, episode_number,
      CASE kind WHEN 'play_start' THEN 'start' WHEN 'paywall_shown' THEN 'paywall' ELSE 'unlock' END,
      (occurred_at AT TIME ZONE 'UTC')::date, user_id
  FROM added
  WHERE series_id IS NOT NULL AND episode_number IS NOT NULL AND kind IN ('play_start', 'paywall_shown', 'unlock')
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT DO NOTHING
  RETURNING series_id, episode_number, kind, day
  )
  -- A viewer's first paywall of the day on an episode: the summary's conversion reads these, not viewer rows.
  UPDATE insight_episode_days r SET paywall_viewers = r.paywall_viewers + f.viewers
  FROM (
    SELECT series_id, episode_number, day, count(*) AS viewers FROM first_today WHERE kind = 'paywall' GROUP BY 1, 2, 3
  ) f
  WHERE r.series_id = f.series_id AND r.episode_number = f.episode_number AND r.day = f.day;

  INSERT INTO insight_viewer_days (day, user_id)
  SELECT DISTINCT (occurred_at AT TIME ZONE 'UTC')::date, user_id
  FROM added
  WHERE kind = 'play_start'
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;

  INSERT INTO insight_viewers AS r (user_id, last_day)
  SELECT user_id, max((occurred_at AT TIME ZONE 'UTC')::date)
  FROM added
  WHERE kind = 'play_start'
  GROUP BY 1
  ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day WHERE r.last_day < excluded.last_day;

  INSERT INTO insight_startup_days AS r (day, startup_ms, plays)
  SELECT (occurred_at AT TIME ZONE 'UTC')::date, insight_startup_bucket(startup_ms), count(*)
  FROM added
  WHERE kind = 'play_start' AND startup_ms IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (day, startup_ms) DO UPDATE SET plays = r.plays + excluded.plays;

  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER insight_events_fold AFTER INSERT ON insight_events
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION insight_fold_events();
--> statement-breakpoint
-- Ledger events come from the ledger itself, in the wallet's own transaction; no client can send them.
-- The event id is derived from the ledger id, so it is stable and unique.
CREATE FUNCTION insight_record_ledger_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_events (event_id, user_id, kind, series_id, episode_number, occurred_at, coins, paid_coins, price_cents)
  VALUES (
    md5('wallet_ledger:' || NEW.id)::uuid,
    NEW.user_id,
    NEW.kind,
    NEW.series_id,
    NEW.episode_number,
    NEW.created_at,
    abs(NEW.coins_delta + NEW.bonuses_delta),
    abs(NEW.coins_delta),
    NEW.price_cents
  )
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_insight AFTER INSERT ON wallet_ledger
  FOR EACH ROW EXECUTE FUNCTION insight_record_ledger_entry();
