-- The same fair-use counts as account_usage, per UTC day, for the account
-- page's chart of the month. Own triggers beside the monthly ones, with the
-- same conditions, so the month's days add up to the month.
CREATE TABLE "account_usage_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_usage_daily_pk" ON "account_usage_daily" USING btree ("account_id","day");
--> statement-breakpoint
CREATE FUNCTION p2m_count_account_job_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_usage_daily (account_id, day, jobs)
  VALUES (NEW.account_id, (now() AT TIME ZONE 'UTC')::date, 1)
  ON CONFLICT (account_id, day) DO UPDATE SET jobs = account_usage_daily.jobs + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION p2m_count_account_pages_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_usage_daily (account_id, day, pages)
  VALUES (NEW.account_id, (now() AT TIME ZONE 'UTC')::date, NEW.pages_done)
  ON CONFLICT (account_id, day) DO UPDATE SET pages = account_usage_daily.pages + EXCLUDED.pages;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_count_account_job_day
  AFTER INSERT ON jobs
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL)
  EXECUTE FUNCTION p2m_count_account_job_day();
--> statement-breakpoint
CREATE TRIGGER jobs_count_account_pages_day
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW WHEN (NEW.status = 'ready' AND OLD.status IS DISTINCT FROM 'ready' AND NEW.account_id IS NOT NULL)
  EXECUTE FUNCTION p2m_count_account_pages_day();
--> statement-breakpoint
-- As for the month (migration 0010): a queued row that never got its input (a
-- link whose fetch failed, a rolled-back batch) takes its count back when it
-- is deleted, on the day it was created.
CREATE FUNCTION p2m_uncount_unborn_job_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_usage_daily SET jobs = greatest(jobs - 1, 0)
  WHERE account_id = OLD.account_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_uncount_unborn_job_day
  AFTER DELETE ON jobs
  FOR EACH ROW WHEN (OLD.account_id IS NOT NULL AND OLD.status = 'queued' AND OLD.input_key IS NULL)
  EXECUTE FUNCTION p2m_uncount_unborn_job_day();
