/**
 * The transactional outbox, as SQL CTEs to append to a job's state change.
 * Every statement that moves a job to a state with an event (worker/sql/*,
 * core/jobs/sql/*) is one statement of the form
 *
 *   WITH changed AS (UPDATE jobs … RETURNING <JOB_EVENT_COLUMNS>, <events> AS events), ${OUTBOX_CTES}
 *   SELECT …, ${QUEUED} FROM changed
 *
 * so the job's new state and its deliveries commit together or not at all:
 * no process can die between them (PGlite has one connection, so one
 * statement is also the only transaction that cannot interleave).
 *
 * `events` is a text[] of the events the change fires. Each event gets one
 * event id (X-P2M-Delivery) shared by its destinations: every enabled
 * endpoint of the job's account whose filter admits it, and the job's own
 * callback_url. Whether the account's tier still has webhooks is checked by
 * the dispatcher, which fails such deliveries visibly.
 */
import { DOWNLOAD_PATH_AFTER_ID, DOWNLOAD_PATH_BEFORE_ID } from '../jobs/download-path.ts';
import { sql } from 'drizzle-orm';

// The download path as SQL literals around the id (constants without quotes, so inlined rather than bound).
const DOWNLOAD_PATH_SQL_BEFORE = sql.raw(`'${DOWNLOAD_PATH_BEFORE_ID}'`);
const DOWNLOAD_PATH_SQL_AFTER = sql.raw(`'${DOWNLOAD_PATH_AFTER_ID}'`);

/** What `changed` must return besides `events` (qualify with the UPDATE's alias when it has one). */
export const jobEventColumns = (alias: string) =>
  sql.raw(
    ['id', 'account_id', 'callback_url', 'callback_secret', 'status', 'pages', 'truncated', 'settings']
      .map((c) => `${alias}.${c}`)
      .join(', '),
  );

/** The outbox CTEs over `changed`; they run whether or not the final SELECT reads them. */
export const OUTBOX_CTES = sql`
  ev AS MATERIALIZED (
    SELECT c.id AS job_id, c.account_id, c.callback_url, c.callback_secret, e.event, gen_random_uuid() AS event_id,
      jsonb_build_object('job_id', c.id, 'status', c.status, 'pages', c.pages, 'truncated', c.truncated,
        'download_url', CASE WHEN e.event IN ('job.ready', 'job.truncated') THEN ${DOWNLOAD_PATH_SQL_BEFORE} || c.id || ${DOWNLOAD_PATH_SQL_AFTER} END)
        -- Text dropped as hidden (issue 24): its count, once the engine reported one; no new event fires for it.
        || CASE WHEN c.settings ? 'hidden_text' AND jsonb_typeof(c.settings->'hidden_text') = 'object'
             THEN jsonb_build_object('hidden_text_spans', (c.settings->'hidden_text'->>'spans')::int) ELSE '{}'::jsonb END AS job
    FROM changed c CROSS JOIN LATERAL unnest(c.events) AS e(event)
    WHERE c.account_id IS NOT NULL),
  outbox AS (
    INSERT INTO webhook_deliveries (event_id, account_id, endpoint_id, job_id, event, callback_url, callback_secret, job)
    SELECT ev.event_id, ev.account_id, w.id, ev.job_id, ev.event, NULL, NULL, ev.job
      FROM ev JOIN webhook_endpoints w ON w.account_id = ev.account_id AND w.disabled_at IS NULL
        AND (cardinality(w.events) = 0 OR ev.event = ANY(w.events))
    UNION ALL
    SELECT ev.event_id, ev.account_id, NULL, ev.job_id, ev.event, ev.callback_url, ev.callback_secret, ev.job
      FROM ev WHERE ev.callback_url IS NOT NULL
    RETURNING id)`;

/** A column `queued`: how many deliveries the statement wrote (the caller wakes the dispatcher when > 0). */
export const QUEUED = sql`(SELECT count(*)::int FROM outbox) AS queued`;
