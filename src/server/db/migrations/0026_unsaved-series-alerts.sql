-- New-episode alerts are for the series a viewer saved (issue 38): un-saving a series stops its alerts to every
-- browser of that viewer, whichever way the bookmark goes (the library's toggle, a merge of accounts, a cascade).
CREATE FUNCTION alerts_follow_unsaved_series() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM episode_alert_series
  WHERE series_id = OLD.series_id
    AND subscription_id IN (SELECT id FROM push_subscriptions WHERE viewer_id = OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookmarks_unsaved_stop_alerts AFTER DELETE ON bookmarks
  FOR EACH ROW EXECUTE FUNCTION alerts_follow_unsaved_series();
