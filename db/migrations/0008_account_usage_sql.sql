-- Fair-use counters (table account_usage): a job of an account counts when it
-- is created, its pages when it becomes ready, each in the calendar month
-- (UTC) it happens. Triggers rather than application code: every path that
-- creates or completes a job (REST, MCP, tRPC, v1, the worker) is counted,
-- and deleting or purging a job later does not change the month's numbers.
CREATE FUNCTION p2m_count_account_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_usage (account_id, period_start, jobs)
  VALUES (NEW.account_id, date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1)
  ON CONFLICT (account_id, period_start) DO UPDATE SET jobs = account_usage.jobs + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION p2m_count_account_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_usage (account_id, period_start, pages)
  VALUES (NEW.account_id, date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', NEW.pages_done)
  ON CONFLICT (account_id, period_start) DO UPDATE SET pages = account_usage.pages + EXCLUDED.pages;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_count_account_job
  AFTER INSERT ON jobs
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL)
  EXECUTE FUNCTION p2m_count_account_job();
--> statement-breakpoint
CREATE TRIGGER jobs_count_account_pages
  AFTER UPDATE OF status ON jobs
  FOR EACH ROW WHEN (NEW.status = 'ready' AND OLD.status IS DISTINCT FROM 'ready' AND NEW.account_id IS NOT NULL)
  EXECUTE FUNCTION p2m_count_account_pages();
