-- Closed sets of the jobs table enforced by the database too (core/jobs/owner.ts,
-- core/tiers.ts), and the indexes behind an account's and a device's job lists
-- and counts (usage, v1 runs today).
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_pool_check" CHECK ("jobs"."pool" in ('free', 'paid'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_lane_check" CHECK ("jobs"."lane" in ('v1', 'v2'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_type_check" CHECK ("jobs"."owner_type" in ('device', 'account_device', 'api_key'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_on_budget_check" CHECK ("jobs"."on_budget" in ('fail', 'truncate'));--> statement-breakpoint
CREATE INDEX "jobs_account_created_idx" ON "jobs" USING btree ("account_id", "created_at");--> statement-breakpoint
CREATE INDEX "jobs_device_created_idx" ON "jobs" USING btree ("device_id", "created_at");
