CREATE TABLE "account_usage" (
	"account_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"binding_hash" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"nonce_sealed" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"link_ticket_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_attempts_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_usage_pk" ON "account_usage" USING btree ("account_id","period_start");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_expires_idx" ON "sign_in_attempts" USING btree ("expires_at");