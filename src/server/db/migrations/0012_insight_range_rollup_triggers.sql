-- Rollups that let a range's figures be read without summing or de-duplicating per day (decision 027):
-- paywall viewers and unlocks per (day, episode number) over all series, and each viewer's latest day of a
-- play per series, and per episode and kind (start, paywall, unlock). The fold function is replaced whole.
CREATE OR REPLACE FUNCTION insight_fold_events() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ),
  -- A viewer's first paywall of the day on an episode: the summary's conversion reads these, not viewer rows.
  first_paywalls AS (
    SELECT series_id, episode_number, day, count(*) AS viewers FROM first_today WHERE kind = 'paywall' GROUP BY 1, 2, 3
  ),
  bumped AS (
  UPDATE insight_episode_days r SET paywall_viewers = r.paywall_viewers + f.viewers
  FROM first_paywalls f
  WHERE r.series_id = f.series_id AND r.episode_number = f.episode_number AND r.day = f.day
  )
  INSERT INTO insight_episode_number_days AS r (day, episode_number, paywall_viewers, unlocks)
  SELECT day, episode_number, sum(viewers), sum(unlocks)
  FROM (
    SELECT day, episode_number, viewers, 0 AS unlocks FROM first_paywalls
    UNION ALL
    SELECT (occurred_at AT TIME ZONE 'UTC')::date, episode_number, 0, 1
    FROM added WHERE kind = 'unlock' AND series_id IS NOT NULL AND episode_number IS NOT NULL
  ) counted
  GROUP BY 1, 2
  ORDER BY 2, 1
  ON CONFLICT (episode_number, day) DO UPDATE SET
    paywall_viewers = r.paywall_viewers + excluded.paywall_viewers,
    unlocks = r.unlocks + excluded.unlocks;

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

  INSERT INTO insight_series_viewers AS r (series_id, user_id, last_day)
  SELECT series_id, user_id, max((occurred_at AT TIME ZONE 'UTC')::date)
  FROM added
  WHERE kind = 'play_start' AND series_id IS NOT NULL
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (series_id, user_id) DO UPDATE SET last_day = excluded.last_day WHERE r.last_day < excluded.last_day;

  INSERT INTO insight_episode_last_viewers AS r (series_id, episode_number, kind, user_id, last_day)
  SELECT series_id, episode_number,
      CASE kind WHEN 'play_start' THEN 'start' WHEN 'paywall_shown' THEN 'paywall' ELSE 'unlock' END,
      user_id, max((occurred_at AT TIME ZONE 'UTC')::date)
  FROM added
  WHERE series_id IS NOT NULL AND episode_number IS NOT NULL AND kind IN ('play_start', 'paywall_shown', 'unlock')
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (series_id, episode_number, kind, user_id) DO UPDATE SET last_day = excluded.last_day
    WHERE r.last_day < excluded.last_day;

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
-- Existing rollups carry everything the new ones need, so they are filled from them (not from raw events,
-- which may be gone after their retention).
INSERT INTO insight_episode_number_days (day, episode_number, paywall_viewers, unlocks)
SELECT day, episode_number, sum(paywall_viewers), sum(unlocks)
FROM insight_episode_days
WHERE paywall_viewers > 0 OR unlocks > 0
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO insight_series_viewers (series_id, user_id, last_day)
SELECT series_id, user_id, max(day) FROM insight_episode_viewers WHERE kind = 'start' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO insight_episode_last_viewers (series_id, episode_number, kind, user_id, last_day)
SELECT series_id, episode_number, kind, user_id, max(day) FROM insight_episode_viewers GROUP BY 1, 2, 3, 4;
