ALTER TABLE "devices" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "user_code_hint" text;--> statement-breakpoint
UPDATE "devices" SET "linked_at" = now() WHERE "account_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "device_link_tickets" ADD COLUMN "confirm_hash" text;--> statement-breakpoint
ALTER TABLE "device_link_tickets" ADD COLUMN "confirm_session_id" uuid;--> statement-breakpoint
ALTER TABLE "device_link_tickets" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_link_tickets" ADD CONSTRAINT "device_link_tickets_confirm_session_id_sessions_id_fk" FOREIGN KEY ("confirm_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_link_tickets_confirm_idx" ON "device_link_tickets" USING btree ("confirm_hash");--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_device_idx" ON "api_keys" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;
