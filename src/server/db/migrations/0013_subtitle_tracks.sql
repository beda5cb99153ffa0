CREATE TABLE "subtitle_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"folder_key" text NOT NULL,
	"cue_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subtitle_tracks_kind" CHECK ("subtitle_tracks"."kind" in ('captions', 'subtitles'))
);
--> statement-breakpoint
ALTER TABLE "subtitle_tracks" ADD CONSTRAINT "subtitle_tracks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subtitle_tracks_episode_language_unique" ON "subtitle_tracks" USING btree ("episode_id","language");