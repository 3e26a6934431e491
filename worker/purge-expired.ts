/**
 * The retention sweep: expires results past their retention, releases inputs
 * nobody needs, deletes old tombstones, then deletes their blobs; it also
 * drops used device nonces past their window, ended web sessions and old
 * device-link and upload tickets. Rows are updated before blobs are removed,
 * so a crash in between leaves an orphan file at worst, never a row pointing
 * at nothing; the tombstone's removal deletes the job's prefix once more.
 */
import { sweepDeviceNonces } from '../core/devices/db-nonce-store.ts';
import { sweepTickets } from '../core/jobs/tickets/sweep-tickets.ts';
import { purgeEndedSessions } from '../core/sessions/end-session.ts';
import { expireBillingGrace } from '../core/billing/expire-grace.ts';
import { purgePaidRecords } from './sql/purge-paid-records.ts';
import { purgeSignInAttempts } from '../core/sign-in/sign-in-attempts.ts';
import type { Runtime } from '../core/runtime.ts';
import type { ReleasedBlobs } from './sql/expire-results.ts';
import { deleteOldJobs } from './sql/delete-old-jobs.ts';
import { expireResults } from './sql/expire-results.ts';
import { failStaleFetches } from './sql/fail-stale-fetches.ts';
import { releaseInputs } from './sql/release-inputs.ts';
import { jobBlobPrefix } from '../core/jobs/job-blob-keys.ts';

const BATCH = 500;
/** Jobs whose blobs are deleted at once (each is a list and a delete request on S3). */
const DELETE_PARALLEL = 16;

export type PurgeReport = {
  expired: number;
  inputsReleased: number;
  deleted: number;
  nonces: number;
  staleFetches: number;
  sessions: number;
  /** Device-link and upload tickets a day past their expiry. */
  tickets: number;
  /** Accounts moved to free at the end of their billing grace, and paid-lane records forgotten. */
  graceExpired: number;
  paidRecords: number;
  signInAttempts: number;
};

/** Runs one full retention sweep; safe to run from several workers at once (SKIP LOCKED). */
export async function purgeExpired(runtime: Pick<Runtime, 'db' | 'blobs' | 'config'> & Partial<Pick<Runtime, 'wake'>>): Promise<PurgeReport> {
  const { db, config } = runtime;
  const drain = async (step: () => Promise<ReleasedBlobs[]>) => {
    let total = 0;
    for (;;) {
      const released = await step();
      await deleteBlobs(runtime, released);
      total += released.length;
      if (released.length < BATCH) return total;
    }
  };
  return {
    expired: await drain(() => expireResults(db, { limit: BATCH })),
    inputsReleased: await drain(() => releaseInputs(db, { limit: BATCH })),
    deleted: await drain(() => deleteOldJobs(db, { tombstoneDays: config.tombstoneDays, limit: BATCH })),
    // Used device nonces outlive their clock window only to refuse replays; without Redis they live here.
    nonces: await sweepDeviceNonces(db),
    // Link jobs whose fetch died with its process would hold a slot for ever.
    staleFetches: (await failStaleFetches(db, { urlTimeoutMs: config.urlTimeoutMs })).length,
    // Sessions past their lifetime already fail to authenticate; this only frees their rows.
    sessions: await purgeEndedSessions(db, config.sessionIdleSeconds),
    tickets: await sweepTickets(db),
    graceExpired: (await expireBillingGrace(runtime)).length,
    paidRecords: await purgePaidRecords(db, { tombstoneDays: config.tombstoneDays }),
    // Sign-ins nobody came back for.
    signInAttempts: await purgeSignInAttempts(db),
  };
}

/**
 * Every step hands back jobs none of whose blobs is needed any more (expired,
 * canceled, failed, deleted): their whole prefix goes, so also the result of
 * an attempt whose worker died before completing, which no row names.
 */
async function deleteBlobs(runtime: Pick<Runtime, 'blobs'>, released: ReleasedBlobs[]): Promise<void> {
  for (let i = 0; i < released.length; i += DELETE_PARALLEL) {
    await Promise.all(released.slice(i, i + DELETE_PARALLEL).map((r) => runtime.blobs.deletePrefix(jobBlobPrefix(r.id))));
  }
}
