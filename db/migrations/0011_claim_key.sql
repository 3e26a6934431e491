-- The claim order as a stored key with an index per pool (worker/sql/claim-jobs.ts).
-- A job's effective priority is priority + seconds waited / aging, so the job that
-- ranks first is the one with the smallest run_at − priority × aging: a key that
-- does not depend on now() and can therefore be indexed. A trigger keeps it in
-- step with every write of run_at, priority or aging_seconds (claims, retries,
-- re-tiering, tests back-dating run_at), so no statement computes it itself.
-- aging_seconds is P2M_PRIORITY_AGING_SECONDS when the job was created.
ALTER TABLE "jobs" ADD COLUMN "aging_seconds" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "claim_key" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_aging_seconds_check" CHECK ("jobs"."aging_seconds" > 0);--> statement-breakpoint
CREATE FUNCTION p2m_job_claim_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.claim_key := NEW.run_at - make_interval(secs => NEW.priority::float8 * NEW.aging_seconds);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_claim_key" BEFORE INSERT OR UPDATE OF "run_at", "priority", "aging_seconds" ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION p2m_job_claim_key();--> statement-breakpoint
UPDATE "jobs" SET "claim_key" = "run_at" - make_interval(secs => "priority"::float8 * "aging_seconds");--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_claim_idx";--> statement-breakpoint
CREATE INDEX "jobs_claim_free_idx" ON "jobs" USING btree ("claim_key", "id")
  WHERE "status" = 'queued' AND "pool" = 'free' AND "input_key" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "jobs_claim_paid_idx" ON "jobs" USING btree ("claim_key", "id")
  WHERE "status" = 'queued' AND "pool" = 'paid' AND "input_key" IS NOT NULL AND "deleted_at" IS NULL;
