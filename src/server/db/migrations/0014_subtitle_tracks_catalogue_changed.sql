-- A subtitle track changes its episode's `subtitles`, which the catalogue snapshot serves from memory:
-- announce the track's series on 'catalogue_changed' like an episode change (see catalogue_change_triggers).
CREATE OR REPLACE FUNCTION subtitle_tracks_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT e.series_id::text, ',') INTO ids FROM old_rows t JOIN episodes e ON e.id = t.episode_id;
  ELSE
    SELECT string_agg(DISTINCT e.series_id::text, ',') INTO ids FROM new_rows t JOIN episodes e ON e.id = t.episode_id;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', CASE WHEN length(ids) > 7000 THEN 'episodes' ELSE 'episodes:' || ids END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subtitle_tracks_inserted_catalogue_changed AFTER INSERT ON subtitle_tracks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subtitle_tracks_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER subtitle_tracks_updated_catalogue_changed AFTER UPDATE ON subtitle_tracks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subtitle_tracks_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER subtitle_tracks_deleted_catalogue_changed AFTER DELETE ON subtitle_tracks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subtitle_tracks_catalogue_changed();
