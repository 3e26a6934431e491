/**
 * The popup's list of recent conversions, wherever they started (popup,
 * current tab, context menu). Only ids, names and where they came from are
 * kept, in chrome.storage.local per service origin; the status is always read
 * fresh from the service, so an expired job shows as expired.
 */
export type JobSource = 'file' | 'tab' | 'menu';

export type RecentJob = { job_id: string; file_name: string; source: JobSource; created_at: string };

/** How many recent jobs are kept. */
export const RECENT_LIMIT = 10;

const keyOf = (baseUrl: string) => `recentJobs ${baseUrl}`;

export async function recentJobs(baseUrl: string): Promise<RecentJob[]> {
  const value = (await chrome.storage.local.get(keyOf(baseUrl)))[keyOf(baseUrl)];
  return Array.isArray(value) ? (value as RecentJob[]) : [];
}

export async function rememberJob(baseUrl: string, job: Omit<RecentJob, 'created_at'>): Promise<void> {
  const list = (await recentJobs(baseUrl)).filter((j) => j.job_id !== job.job_id);
  list.unshift({ ...job, created_at: new Date().toISOString() });
  await chrome.storage.local.set({ [keyOf(baseUrl)]: list.slice(0, RECENT_LIMIT) });
}

export async function forgetJob(baseUrl: string, jobId: string): Promise<void> {
  const list = (await recentJobs(baseUrl)).filter((j) => j.job_id !== jobId);
  await chrome.storage.local.set({ [keyOf(baseUrl)]: list });
}
