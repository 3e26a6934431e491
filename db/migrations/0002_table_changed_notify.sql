-- Processes that cache reads (the embedded server: core/cache/table-changes.ts)
-- must forget them the moment the rows change, whoever changes them. Each
-- statement that changes a job, a key's validity, scopes or owner, or an
-- account's tier notifies `p2m_table_changed` with the table's name; a
-- transaction's identical notifications collapse into one at commit.
-- Only sessions that set p2m.notify_table_changes = 'on' notify (the embedded
-- server's one session): on PostgreSQL nobody caches, and a notifying commit
-- takes a database-wide lock that the job queue's commits should not queue on.
CREATE FUNCTION p2m_notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('p2m.notify_table_changes', true) = 'on' THEN
    PERFORM pg_notify('p2m_table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_changed
  AFTER UPDATE OF revoked_at, expires_at, scopes, account_id, hash OR DELETE OR TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION p2m_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_changed
  AFTER UPDATE OF tier OR DELETE OR TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION p2m_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION p2m_notify_table_changed();
