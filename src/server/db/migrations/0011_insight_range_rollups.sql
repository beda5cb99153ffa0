CREATE TABLE "insight_episode_last_viewers" (
	"series_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "insight_episode_last_viewers_series_id_episode_number_kind_user_id_pk" PRIMARY KEY("series_id","episode_number","kind","user_id")
);
--> statement-breakpoint
CREATE TABLE "insight_episode_number_days" (
	"day" date NOT NULL,
	"episode_number" integer NOT NULL,
	"paywall_viewers" integer DEFAULT 0 NOT NULL,
	"unlocks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_episode_number_days_episode_number_day_pk" PRIMARY KEY("episode_number","day")
);
--> statement-breakpoint
CREATE TABLE "insight_series_viewers" (
	"series_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "insight_series_viewers_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "insight_episode_last_viewers_last_day_idx" ON "insight_episode_last_viewers" USING btree ("series_id","kind","last_day","episode_number");--> statement-breakpoint
CREATE INDEX "insight_series_viewers_last_day_idx" ON "insight_series_viewers" USING btree ("series_id","last_day");--> statement-breakpoint
CREATE INDEX "insight_series_days_day_plays_idx" ON "insight_series_days" USING btree ("day","plays" DESC NULLS LAST,"series_id");