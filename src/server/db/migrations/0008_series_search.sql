-- Server-side search over the catalogue (issue 10): trigram similarity forgives small typos and finds any
-- substring (CJK and Thai titles have no spaces to split words on); full text ranks whole-word matches.
-- Text is compared folded: lower case, accents removed (unaccent), so "cafe" finds "Café".
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could be changed); pinned to the default dictionary it can back an
-- index. Names are schema-qualified because index builds run with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION catalogue_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION series_search_text(title text, genre text, tags text[], description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.catalogue_fold(coalesce(title, '') || ' ' || coalesce(genre, '') || ' '
    || coalesce(array_to_string(tags, ' '), '') || ' ' || coalesce(description, '')) $$;
--> statement-breakpoint
CREATE INDEX series_search_trgm_idx ON series
  USING gin (series_search_text(title, genre, tags, description) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX series_search_fts_idx ON series
  USING gin (to_tsvector('simple', series_search_text(title, genre, tags, description)));
--> statement-breakpoint
CREATE INDEX series_newest_idx ON series (created_at DESC, id DESC);
