CREATE TABLE "episode_alert_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"after_subscription" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "episode_alert_jobs_status_known" CHECK ("episode_alert_jobs"."status" in ('queued', 'sending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "episode_alert_series" (
	"subscription_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_alert_series_subscription_id_series_id_pk" PRIMARY KEY("subscription_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "push_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_keys_one_row" CHECK ("push_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episode_alert_jobs" ADD CONSTRAINT "episode_alert_jobs_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_alert_series" ADD CONSTRAINT "episode_alert_series_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_alert_series" ADD CONSTRAINT "episode_alert_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episode_alert_jobs_episode_unique" ON "episode_alert_jobs" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "episode_alert_jobs_unfinished_idx" ON "episode_alert_jobs" USING btree ("id") WHERE "episode_alert_jobs"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "episode_alert_series_series_idx" ON "episode_alert_series" USING btree ("series_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_viewer_idx" ON "push_subscriptions" USING btree ("viewer_id");