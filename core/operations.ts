/**
 * Every operation the service offers, once. Transports register these; a
 * coverage test fails when one is missing from a transport.
 */
import { createJobFromUpload } from './jobs/create-job-from-upload.ts';
import { createJobFromUrl } from './jobs/create-job-from-url.ts';
import { deleteJob } from './jobs/delete-job.ts';
import { getJob } from './jobs/get-job.ts';
import { getLimits } from './jobs/get-limits.ts';
import { getMarkdown } from './jobs/get-markdown.ts';
import { listJobs } from './jobs/list-jobs.ts';
import { SETTINGS_OPERATIONS } from './settings/settings-operations.ts';
import { getMe } from './accounts/get-me.ts';
import { getUsage } from './accounts/get-usage.ts';

export const JOB_OPERATIONS = [
  createJobFromUrl,
  createJobFromUpload,
  listJobs,
  getJob,
  getMarkdown,
  deleteJob,
  getLimits,
] as const;

/** Device conversion settings: device actors only, served by the v1 lane. */
export { SETTINGS_OPERATIONS };

/** Reads of the caller's account (API key or session): REST and tRPC; not MCP tools, whose list the spec fixes. */
export const ACCOUNT_READ_OPERATIONS = [getMe, getUsage] as const;

/** All operations. */
export const OPERATIONS = [...JOB_OPERATIONS, ...SETTINGS_OPERATIONS, ...ACCOUNT_READ_OPERATIONS] as const;

export { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getLimits, getMarkdown, listJobs };
export { getMe, getUsage };
