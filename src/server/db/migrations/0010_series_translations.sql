CREATE TABLE "series_translations" (
	"series_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_document" text GENERATED ALWAYS AS (series_search_text(title, NULL::text, tags, description)) STORED,
	CONSTRAINT "series_translations_series_id_language_pk" PRIMARY KEY("series_id","language"),
	CONSTRAINT "series_translations_language_length" CHECK (length("series_translations"."language") between 2 and 35)
);
--> statement-breakpoint
ALTER TABLE "series_translations" ADD CONSTRAINT "series_translations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Viewers' catalogue reads follow translations too (see 0007_catalogue_change_triggers): every instance's
-- in-memory catalogue learns of a saved or removed translation when its transaction commits.
CREATE TRIGGER series_translations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON series_translations
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_lists_changed();
--> statement-breakpoint
-- Search finds a series by any of its languages (0008_series_search): each translation is a document of its own,
-- folded the same way (kept in search_document), with the same trigram and full-text indexes.
CREATE INDEX series_translations_search_trgm_idx ON series_translations USING gin (search_document gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX series_translations_search_fts_idx ON series_translations
  USING gin (to_tsvector('simple', search_document));
