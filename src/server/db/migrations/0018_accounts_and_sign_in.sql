CREATE TABLE "passkey_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"viewer_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"viewer_id" text NOT NULL,
	"credential_id" "bytea" NOT NULL,
	"public_key" "bytea" NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_name_length" CHECK (length("passkeys"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "sign_in_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"provider" text NOT NULL,
	"viewer_id" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "viewer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"viewer_id" text NOT NULL,
	"method" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "merged_into" text;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_identities" ADD CONSTRAINT "sign_in_identities_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_sessions" ADD CONSTRAINT "viewer_sessions_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_unique" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_viewer_idx" ON "passkeys" USING btree ("viewer_id");--> statement-breakpoint
CREATE INDEX "sign_in_identities_viewer_idx" ON "sign_in_identities" USING btree ("viewer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "viewer_sessions_token_unique" ON "viewer_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "viewer_sessions_viewer_idx" ON "viewer_sessions" USING btree ("viewer_id");--> statement-breakpoint
-- Coins a guest brings into an account at sign-in move between two ledgers of one person: no purchase or
-- spending, so they stay out of the insights like welcome coins and support's grants.
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
  WHERE kind NOT IN ('welcome', 'grant', 'transfer')
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
