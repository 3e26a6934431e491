-- Fair-use counters count jobs that exist. A link job's row is inserted
-- before its link is fetched (it holds the slot), and deleted again when the
-- fetch fails, so the caller never had that job; a failed batch is rolled
-- back the same way. Such a delete — a queued row that never got its input —
-- takes its count back, in the month the row was created. Deleting or
-- purging a real job (it has or had an input, or left `queued`) still gives
-- nothing back.
CREATE FUNCTION p2m_uncount_unborn_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_usage SET jobs = greatest(jobs - 1, 0)
  WHERE account_id = OLD.account_id
    AND period_start = date_trunc('month', OLD.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_uncount_unborn_job
  AFTER DELETE ON jobs
  FOR EACH ROW WHEN (OLD.account_id IS NOT NULL AND OLD.status = 'queued' AND OLD.input_key IS NULL)
  EXECUTE FUNCTION p2m_uncount_unborn_job();
