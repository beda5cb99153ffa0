CREATE TABLE "access_gate" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"signing_key" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"code_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_gate_single_row" CHECK ("access_gate"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "access_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"code_id" text NOT NULL,
	"generation" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"bucket" text NOT NULL,
	"client" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_client_window_start_pk" PRIMARY KEY("bucket","client","window_start")
);
--> statement-breakpoint
CREATE INDEX "access_sessions_revoked_idx" ON "access_sessions" USING btree ("revoked_at") WHERE "access_sessions"."revoked_at" is not null;