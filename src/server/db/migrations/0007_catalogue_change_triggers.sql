-- Every write to what viewers read announces itself on 'catalogue_changed', delivered when the writing
-- transaction commits (NOTIFY), so every instance's in-memory catalogue learns of it whoever wrote it:
-- an operator on another instance, a transcode worker publishing an episode, a seed.
-- Payload 'lists': series, carousel or trending changed; 'episodes:1,2' names the series whose episodes changed
-- ('episodes' alone when the list would not fit a NOTIFY payload).
CREATE OR REPLACE FUNCTION catalogue_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', 'lists');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_episodes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT series_id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT series_id::text, ',') INTO ids FROM new_rows;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', CASE WHEN length(ids) > 7000 THEN 'episodes' ELSE 'episodes:' || ids END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER series_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON series
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lists_changed();
--> statement-breakpoint
CREATE TRIGGER carousel_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carousel_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lists_changed();
--> statement-breakpoint
CREATE TRIGGER trending_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trending_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lists_changed();
--> statement-breakpoint
CREATE TRIGGER episodes_inserted_catalogue_changed AFTER INSERT ON episodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_episodes_changed();
--> statement-breakpoint
CREATE TRIGGER episodes_updated_catalogue_changed AFTER UPDATE ON episodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_episodes_changed();
--> statement-breakpoint
CREATE TRIGGER episodes_deleted_catalogue_changed AFTER DELETE ON episodes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_episodes_changed();
