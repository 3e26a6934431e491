/**
 * One conversion from start to Markdown, shared by the popup and the service
 * worker: create the v1 job (from bytes or from a link), record it in the
 * recent-jobs list, poll its v1 status with progress, download the Markdown.
 * A link the service cannot fetch (a login, an intranet host) is read by the
 * browser itself and uploaded instead.
 */
import { DeviceApiError, type ClientConfig, type V1Job } from '../../client/index.ts';
import type { Service } from './device.ts';
import { jobErrorInWords, tooLargeSentence, UserFacingError } from './error-words.ts';
import { rememberJob, type JobSource } from './recent-jobs.ts';

/** What the caller shows while a job runs. */
export type Progress = (text: string, job?: V1Job) => void;

export type Converted = { job: V1Job; markdown: string };

/** Reads a PDF's bytes with the browser's own access (cookies, intranet, file://). */
export type ReadBytes = (url: string) => Promise<Uint8Array>;

/** How often the popup and the worker poll a running job. */
export const POLL_MS = 1000;

/** Creation answers that mean "the service could not get this PDF itself". */
const SERVICE_CANNOT_FETCH = new Set(['fetch_failed', 'not_a_pdf']);

const configs = new Map<string, Promise<ClientConfig>>();

/** GET /config of the service, once per service and page lifetime. */
export function clientConfig(svc: Service): Promise<ClientConfig> {
  let config = configs.get(svc.baseUrl);
  if (!config) {
    config = svc.device.getConfig();
    config.catch(() => configs.delete(svc.baseUrl));
    configs.set(svc.baseUrl, config);
  }
  return config;
}

/** Uploads a PDF and waits for its Markdown. */
export async function convertBytes(svc: Service, bytes: Uint8Array, fileName: string, source: JobSource, progress: Progress): Promise<Converted> {
  const { max_file_size } = await clientConfig(svc);
  if (bytes.length > max_file_size) throw new UserFacingError(tooLargeSentence(max_file_size, bytes.length));
  progress(`Uploading ${fileName}…`);
  const job = await svc.device.createJobFromFile(bytes, fileName, { idempotencyKey: crypto.randomUUID() });
  return follow(svc, job, source, progress);
}

/**
 * Converts the PDF at a link: as a job from the URL when the service can
 * fetch it, else from the bytes the browser reads itself.
 */
export async function convertLink(svc: Service, url: string, source: JobSource, readBytes: ReadBytes, progress: Progress): Promise<Converted> {
  if (!url.startsWith('file:')) {
    progress('Asking the service to fetch the PDF…');
    try {
      const job = await svc.device.createJobFromUrl(url, { idempotencyKey: crypto.randomUUID() });
      return await follow(svc, job, source, progress);
    } catch (error) {
      if (!(error instanceof DeviceApiError && SERVICE_CANNOT_FETCH.has(error.code))) throw error;
    }
  }
  progress('The service cannot reach this PDF; reading it in the browser…');
  const bytes = await readBytes(url);
  return convertBytes(svc, bytes, fileNameOf(url), source, progress);
}

/** Polls a job to its end and downloads the Markdown. */
export async function follow(svc: Service, created: V1Job, source: JobSource, progress: Progress): Promise<Converted> {
  await rememberJob(svc.baseUrl, { job_id: created.job_id, file_name: created.file_name ?? 'document.pdf', source });
  let job = created;
  for (;;) {
    progress(statusInWords(job), job);
    if (job.status === 'ready') return { job, markdown: await svc.device.download(job.job_id) };
    if (job.status === 'error') throw new UserFacingError(jobErrorInWords(job.error_code, job.error_message));
    if (job.status === 'canceled') throw new UserFacingError('The conversion was canceled.');
    await new Promise((r) => setTimeout(r, POLL_MS));
    job = await svc.device.getJob(job.job_id);
  }
}

/** One line about a job's state, from its v1 status. */
export function statusInWords(job: V1Job): string {
  const name = job.file_name ?? 'The PDF';
  switch (job.status) {
    case 'queued':
      return `${name}: waiting in the queue for a converter.`;
    case 'processing': {
      const p = job.progress;
      if (!p || p.pages_total === null) return `${name}: converting…`;
      return `${name}: converting, ${p.pages_done} of ${p.pages_total} pages done.`;
    }
    case 'ready':
      return `${name}: converted${job.pages ? ` (${job.pages} ${job.pages === 1 ? 'page' : 'pages'})` : ''}${job.truncated ? ', only in part' : ''}.`;
    case 'canceled':
      return `${name}: canceled.`;
    case 'error':
      return job.error_code === 'expired' ? `${name}: expired.` : `${name}: failed. ${jobErrorInWords(job.error_code, job.error_message)}`;
  }
}

/** A file name for a link's PDF: the last path segment, ending in .pdf. */
export function fileNameOf(url: string): string {
  let last = 'document';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'document');
  } catch {
    // An undecodable name keeps the default.
  }
  return /\.pdf$/i.test(last) ? last : `${last}.pdf`;
}
