CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"name" text,
	"tier" text DEFAULT 'free' NOT NULL,
	"claimable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"start" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "device_nonces" (
	"device_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_thumbprint" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_key_thumbprint_unique" UNIQUE("key_thumbprint"),
	CONSTRAINT "devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_key" text NOT NULL,
	"account_id" uuid,
	"device_id" uuid,
	"api_key_id" uuid,
	"lane" text NOT NULL,
	"tier" text NOT NULL,
	"pool" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"source_kind" text NOT NULL,
	"source_url" text,
	"file_name" text NOT NULL,
	"external_id" text,
	"tags" jsonb,
	"callback_url" text,
	"callback_secret" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"input_key" text,
	"input_size" bigint,
	"output_key" text,
	"output_size" bigint,
	"pages" integer,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"error_code" text,
	"error_message" text,
	"time_budget_ms" integer NOT NULL,
	"on_budget" text NOT NULL,
	"retention_seconds" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"lease" uuid,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_nonces_pk" ON "device_nonces" USING btree ("device_id","nonce");--> statement-breakpoint
CREATE INDEX "device_nonces_exp" ON "device_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("pool","status","priority","run_at");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner_key","created_at");--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("status","lease_until");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_idempotency_idx" ON "jobs" USING btree ("owner_key","idempotency_key") WHERE idempotency_key is not null;