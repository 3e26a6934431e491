/**
 * Every operation the service offers, once. Transports register these; a
 * coverage test fails when one is missing from a transport.
 */
import { startCheckoutOp } from './billing/start-checkout.ts';
import { openBillingPortal } from './billing/open-portal.ts';
import { createJobBatch } from './jobs/create-job-batch.ts';
import { createJobFromUpload } from './jobs/create-job-from-upload.ts';
import { createJobFromUrl } from './jobs/create-job-from-url.ts';
import { deleteJob } from './jobs/delete-job.ts';
import { getJob } from './jobs/get-job.ts';
import { getLimits } from './jobs/get-limits.ts';
import { getMarkdown } from './jobs/get-markdown.ts';
import { listJobs } from './jobs/list-jobs.ts';
import { SETTINGS_OPERATIONS } from './settings/settings-operations.ts';

export const JOB_OPERATIONS = [
  createJobFromUrl,
  createJobFromUpload,
  listJobs,
  getJob,
  getMarkdown,
  deleteJob,
  getLimits,
  createJobBatch,
] as const;

/** Device conversion settings: device actors only, served by the v1 lane. */
export { SETTINGS_OPERATIONS };

/** Billing for the signed-in account (session actors, REST only; the open and provider routes are not operations). */
export const BILLING_OPERATIONS = [startCheckoutOp, openBillingPortal] as const;

/** All operations. */
export const OPERATIONS = [...JOB_OPERATIONS, ...SETTINGS_OPERATIONS, ...BILLING_OPERATIONS] as const;

export { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getLimits, getMarkdown, listJobs };
export { createJobBatch, openBillingPortal, startCheckoutOp };
