CREATE TABLE "media_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"kind" text DEFAULT 'transcode' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"source_path" text NOT NULL,
	"work_dir" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "media_jobs_percent_range" CHECK ("media_jobs"."percent" between 0 and 100),
	CONSTRAINT "media_jobs_status_known" CHECK ("media_jobs"."status" in ('queued', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_jobs_status_idx" ON "media_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "media_jobs_episode_idx" ON "media_jobs" USING btree ("episode_id","id");--> statement-breakpoint
CREATE INDEX "episodes_media_folder_idx" ON "episodes" USING btree (regexp_replace("video_url", '[^/]*$', ''));