CREATE TABLE "operator_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"operator_role" text,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"object_label" text,
	"changes" jsonb,
	"reason" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role_known" CHECK ("operators"."role" in ('owner', 'editor', 'analyst', 'support')),
	CONSTRAINT "operators_name_length" CHECK (length("operators"."name") between 1 and 60)
);
--> statement-breakpoint
-- The owner is the one who holds ADMIN_PASSWORD; every session open before operators existed was theirs.
INSERT INTO "operators" ("name", "role") VALUES ('Owner', 'owner');--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "operator_id" integer;--> statement-breakpoint
UPDATE "admin_sessions" SET "operator_id" = (SELECT "id" FROM "operators" WHERE "role" = 'owner');--> statement-breakpoint
ALTER TABLE "admin_sessions" ALTER COLUMN "operator_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "operator_audit_at_idx" ON "operator_audit" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_action_idx" ON "operator_audit" USING btree ("action","id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_name_unique" ON "operators" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "operators_one_owner" ON "operators" USING btree ("role") WHERE "operators"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "operators_invite_token_unique" ON "operators" USING btree ("invite_token_hash");--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_operator_idx" ON "admin_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "users_uid_idx" ON "users" USING btree (lower(right("id", 8)));--> statement-breakpoint
-- The audit log is appended to, never edited: only the retention sweep removes (old) entries.
CREATE OR REPLACE FUNCTION operator_audit_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit entries cannot be changed';
END $$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_refuse_update();
--> statement-breakpoint
-- Coins support grants or takes back are no viewer's purchase or spending, like a new viewer's welcome coins:
-- both stay out of the insights.
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
  WHERE kind NOT IN ('welcome', 'grant')
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
