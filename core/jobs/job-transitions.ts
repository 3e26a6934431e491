/**
 * The job state machine as one table: status × event → status. Every SQL
 * statement that moves a job names its events (JOB_STATEMENTS), and
 * job-transitions.test.ts reads each statement's source and checks that the
 * statuses it updates from (its WHERE) and to (its SET) are exactly the
 * table's. A transition not in the table cannot be written without the test
 * failing.
 */
import type { JobStatus } from './job-status.ts';

export type JobEvent =
  | 'claim'
  | 'heartbeat'
  | 'progress'
  | 'complete'
  | 'fail'
  | 'retry'
  | 'abandon'
  | 'reap'
  | 'reap_exhausted'
  | 'expire'
  | 'stale_fetch'
  | 'cancel'
  | 'retier';

/** status × event → status; a missing entry is a transition that must not happen. */
export const JOB_TRANSITIONS: { readonly [S in JobStatus]: Partial<Readonly<Record<JobEvent, JobStatus>>> } = {
  queued: { claim: 'processing', cancel: 'canceled', stale_fetch: 'error', retier: 'queued' },
  processing: {
    heartbeat: 'processing',
    progress: 'processing',
    complete: 'ready',
    fail: 'error',
    retry: 'queued',
    abandon: 'queued',
    reap: 'queued',
    reap_exhausted: 'error',
    cancel: 'canceled',
  },
  ready: { expire: 'expired' },
  error: {},
  canceled: {},
  expired: {},
};

/** The statements that change a job's status (or are fenced by it), with the events each one carries out. */
export const JOB_STATEMENTS: Readonly<Record<string, readonly JobEvent[]>> = {
  'worker/sql/claim-jobs.ts': ['claim'],
  'worker/sql/heartbeat.ts': ['heartbeat'],
  'worker/sql/record-progress.ts': ['progress'],
  'worker/sql/complete-job.ts': ['complete'],
  'worker/sql/fail-job.ts': ['fail'],
  'worker/sql/retry-job.ts': ['retry'],
  'worker/sql/abandon-job.ts': ['abandon'],
  'worker/sql/reap-expired-leases.ts': ['reap', 'reap_exhausted'],
  'worker/sql/expire-results.ts': ['expire'],
  'worker/sql/fail-stale-fetches.ts': ['stale_fetch'],
  'core/jobs/sql/cancel-job.ts': ['cancel'],
  'core/accounts/retier-queued-jobs.ts': ['retier'],
};

/** The status after `event` in `status`, or null when the machine does not allow it. */
export const nextStatus = (status: JobStatus, event: JobEvent): JobStatus | null => JOB_TRANSITIONS[status][event] ?? null;
