CREATE TABLE "auto_unlocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"series_id" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"coins" integer NOT NULL,
	"bonuses" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "passes_status_known" CHECK ("passes"."status" in ('active', 'past_due', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_unlock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_unlocks" ADD CONSTRAINT "auto_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_unlocks_user_episode_idx" ON "auto_unlocks" USING btree ("user_id","series_id","episode_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "passes_subscription_unique" ON "passes" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passes_one_live_per_user" ON "passes" USING btree ("user_id") WHERE "passes"."status" <> 'ended';--> statement-breakpoint
-- An undone automatic unlock gives its coins back with an `undo` ledger row; like transfers and grants it is no
-- viewer event, so the insights leave it out.
CREATE OR REPLACE FUNCTION insight_record_ledger_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_events (event_id, user_id, kind, series_id, episode_number, occurred_at, coins, paid_coins, price_cents)
  SELECT
    md5('wallet_ledger:' || id)::uuid,
    user_id,
    kind,
    series_id,
    episode_number,
    created_at,
    abs(coins_delta + bonuses_delta),
    abs(coins_delta),
    price_cents
  FROM added
  WHERE kind NOT IN ('welcome', 'grant', 'transfer', 'undo')
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
