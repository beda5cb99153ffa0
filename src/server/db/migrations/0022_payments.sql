CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"package_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"coins" integer NOT NULL,
	"bonuses" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"charge_id" text,
	"receipt_url" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"coins_reclaimed" integer DEFAULT 0 NOT NULL,
	"bonuses_reclaimed" integer DEFAULT 0 NOT NULL,
	"coins_not_recovered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "purchases_status_known" CHECK ("purchases"."status" in ('pending', 'paid', 'refunded', 'partially_refunded', 'disputed', 'expired', 'failed')),
	CONSTRAINT "purchases_amount_positive" CHECK ("purchases"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "purchase_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_checkout_session_idx" ON "purchases" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "purchases_payment_intent_idx" ON "purchases" USING btree ("payment_intent_id");--> statement-breakpoint
-- A refund takes coins back from a paid purchase: it is no purchase or spending of the insight events (revenue
-- net of refunds is read from the purchases themselves), so it stays out of them like support's grants and undone unlocks.
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
  WHERE kind NOT IN ('welcome', 'grant', 'transfer', 'undo', 'refund')
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
