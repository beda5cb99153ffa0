CREATE TABLE "insight_days" (
	"day" date PRIMARY KEY NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"paywall_shown" integer DEFAULT 0 NOT NULL,
	"unlocks" integer DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	"paid_coins_spent" bigint DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"paid_coins_sold" bigint DEFAULT 0 NOT NULL,
	"money_cents" bigint DEFAULT 0 NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_episode_days" (
	"series_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"progress_25" integer DEFAULT 0 NOT NULL,
	"progress_50" integer DEFAULT 0 NOT NULL,
	"progress_75" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"leaves" integer DEFAULT 0 NOT NULL,
	"paywall_shown" integer DEFAULT 0 NOT NULL,
	"paywall_viewers" integer DEFAULT 0 NOT NULL,
	"unlocks" integer DEFAULT 0 NOT NULL,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"paid_coins_spent" integer DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_episode_days_series_id_episode_number_day_pk" PRIMARY KEY("series_id","episode_number","day")
);
--> statement-breakpoint
CREATE TABLE "insight_episode_viewers" (
	"series_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "insight_episode_viewers_series_id_episode_number_kind_day_user_id_pk" PRIMARY KEY("series_id","episode_number","kind","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "insight_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"series_id" integer,
	"episode_number" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"startup_ms" integer,
	"percent" integer,
	"reason" text,
	"watched_ms" integer DEFAULT 0 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"paid_coins" integer DEFAULT 0 NOT NULL,
	"price_cents" integer,
	CONSTRAINT "insight_events_kind_known" CHECK ("insight_events"."kind" in ('play_start', 'progress', 'leave', 'paywall_shown', 'unlock', 'purchase', 'checkin'))
);
--> statement-breakpoint
CREATE TABLE "insight_series_days" (
	"series_id" integer NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"paid_coins_spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_series_days_series_id_day_pk" PRIMARY KEY("series_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_startup_days" (
	"day" date NOT NULL,
	"startup_ms" integer NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_startup_days_day_startup_ms_pk" PRIMARY KEY("day","startup_ms")
);
--> statement-breakpoint
CREATE TABLE "insight_viewer_days" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "insight_viewer_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "insight_viewers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_episode_days_paywall_idx" ON "insight_episode_days" USING btree ("episode_number","day") WHERE "insight_episode_days"."paywall_viewers" > 0 or "insight_episode_days"."unlocks" > 0;--> statement-breakpoint
CREATE INDEX "insight_episode_viewers_paywall_idx" ON "insight_episode_viewers" USING btree ("episode_number","day") WHERE "insight_episode_viewers"."kind" <> 'start';--> statement-breakpoint
CREATE INDEX "insight_events_received_brin" ON "insight_events" USING brin ("received_at");--> statement-breakpoint
CREATE INDEX "insight_series_days_day_idx" ON "insight_series_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_viewers_last_day_idx" ON "insight_viewers" USING btree ("last_day","user_id");