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
import { attachDevice } from './devices/link/attach-device.ts';
import { getAccountLink } from './devices/link/get-account-link.ts';
import { startDeviceLink } from './devices/link/start-device-link.ts';
import { unlinkFromAccount } from './devices/link/unlink-from-account.ts';
import { createJobFromTicket } from './jobs/tickets/create-job-from-ticket.ts';
import { createUploadTicket } from './jobs/tickets/create-upload-ticket.ts';
import { createApiKeyOperation } from './keys/issue-api-key.ts';
import { listApiKeysOperation } from './keys/list-api-keys.ts';
import { revokeApiKeyOperation } from './keys/revoke-api-key.ts';
import { WEBHOOK_OPERATIONS } from './webhooks/webhook-operations.ts';
import { getMe } from './accounts/get-me.ts';
import { listPlansOp } from './billing/list-plans.ts';
import { getClientConfig } from './devices/client-config.ts';
import { registerDeviceOp } from './devices/register-device.ts';
import { finishSignInOp } from './sign-in/finish-sign-in.ts';
import { signOutOp } from './sign-in/sign-out.ts';
import { startSignInOp } from './sign-in/start-sign-in.ts';
import { listAccountDevices } from './devices/account/list-account-devices.ts';
import { unlinkAccountDevice } from './devices/account/unlink-account-device.ts';
import { getUsage } from './accounts/get-usage.ts';
import { createJobFromAccountPage } from './jobs/create-job-from-account-page.ts';

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

/** The MCP tools' name prefix: tool = prefix + operation name (tools/ builds them, discovery lists them). */
export const MCP_TOOL_PREFIX = 'pdf_to_markdown_';

/** The MCP tools, from the same table the MCP server builds its tools from: name and one-line title. */
export const mcpToolList = (): { name: string; title: string }[] =>
  JOB_OPERATIONS.map((op) => ({ name: MCP_TOOL_PREFIX + op.name, title: op.title }));

/** Device conversion settings: device actors only, served by the v1 lane. */
export { SETTINGS_OPERATIONS };

/** API keys, managed by a session or a linked device (REST /api/v2/api-keys and tRPC keys.*). */
export const KEY_OPERATIONS = [listApiKeysOperation, createApiKeyOperation, revokeApiKeyOperation] as const;

/** A device's link to an account and its ticketed uploads (device-signed REST, and the Upload-Ticket header). */
export const DEVICE_ACCOUNT_OPERATIONS = [getAccountLink, startDeviceLink, attachDevice, unlinkFromAccount, createUploadTicket, createJobFromTicket] as const;

/** The account's view of its linked devices (session actors): list and unlink. */
export const ACCOUNT_DEVICE_OPERATIONS = [listAccountDevices, unlinkAccountDevice] as const;

/** Webhook endpoints and their delivery log: sessions and linked devices (REST v2, tRPC). */
export { WEBHOOK_OPERATIONS };

/** Billing for the signed-in account (session actors, REST only; the open and provider routes are not operations). */
export const BILLING_OPERATIONS = [startCheckoutOp, openBillingPortal] as const;

/** Reads of the caller's account (API key or session): REST and tRPC; not MCP tools, whose list the spec fixes. */
export const ACCOUNT_READ_OPERATIONS = [getMe, getUsage] as const;

/**
 * Open to callers without a credential (the anonymous principal, keyed by
 * client address, whose rate policy is each operation's address budgets):
 * device registration, the v1 client config, sign-in and sign-out, plans.
 * REST only: they are browser and extension flows.
 */
export const ANONYMOUS_OPERATIONS = [registerDeviceOp, getClientConfig, startSignInOp, finishSignInOp, signOutOp, listPlansOp] as const;

/** The account page's own creation (session only, REST POST /api/v2/account/jobs): job creation by key stays API-key only. */
export const ACCOUNT_PAGE_OPERATIONS = [createJobFromAccountPage] as const;

/** All operations. */
export const OPERATIONS = [
  ...JOB_OPERATIONS,
  ...SETTINGS_OPERATIONS,
  ...KEY_OPERATIONS,
  ...DEVICE_ACCOUNT_OPERATIONS,
  ...ACCOUNT_DEVICE_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...ACCOUNT_READ_OPERATIONS,
  ...ANONYMOUS_OPERATIONS,
  ...ACCOUNT_PAGE_OPERATIONS,
] as const;

export { createJobFromUpload, createJobFromUrl, deleteJob, getJob, getLimits, getMarkdown, listJobs };
export { getAccountLink, startDeviceLink, attachDevice, unlinkFromAccount, createUploadTicket, createJobFromTicket };
export { listApiKeysOperation, createApiKeyOperation, revokeApiKeyOperation };
export { createJobBatch, openBillingPortal, startCheckoutOp };
export { getMe, getUsage, createJobFromAccountPage };
export { listAccountDevices, unlinkAccountDevice };
