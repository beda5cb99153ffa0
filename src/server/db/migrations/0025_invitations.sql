CREATE TABLE "invitation_codes" (
	"viewer_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"invitee_id" text PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"rewarded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_codes" ADD CONSTRAINT "invitation_codes_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_codes_code_idx" ON "invitation_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id","created_at");--> statement-breakpoint
-- An invitation's bonuses are a reward of the growth team's, no purchase or spending of the insight events (whose
-- kinds are checked): they stay out of them like support's grants.
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
  WHERE kind NOT IN ('welcome', 'grant', 'transfer', 'undo', 'refund', 'invitation')
  ORDER BY id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
