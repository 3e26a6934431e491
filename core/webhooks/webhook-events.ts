/**
 * The events, once: when each fires is documented here and shown in the API
 * description, the database CHECK constraint repeats the same set.
 */
import { z } from 'zod';

/** Exactly when each event fires. Each fires at most once per job. */
export const WEBHOOK_EVENT_TRIGGERS = {
  'job.ready': 'The job reached ready: the Markdown can be downloaded from download_url.',
  'job.truncated':
    'The job reached ready with a partial result (truncated: true, the time budget or the page limit ran out). Sent in addition to job.ready, for the same change, with the same body apart from `event`.',
  'job.error': 'The job reached error: the conversion failed for good, ran out of attempts, or its link fetch was interrupted.',
  'job.deleted':
    'The job stopped existing for its owner: canceled by its owner while queued or processing (status canceled), deleted by its owner once finished (its last status), or removed by retention when its result expired (status expired). Once per job: deleting an already expired job sends nothing more.',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENT_TRIGGERS;

export const WebhookEvent = z
  .enum(Object.keys(WEBHOOK_EVENT_TRIGGERS) as [WebhookEvent, ...WebhookEvent[]])
  .describe(`A webhook event. ${Object.entries(WEBHOOK_EVENT_TRIGGERS).map(([k, v]) => `${k}: ${v}`).join(' ')}`);

/** The `job` object of a delivery body; never any document content. */
export const WebhookJob = z.object({
  job_id: z.string(),
  status: z.string(),
  pages: z.number().int().nullable(),
  truncated: z.boolean(),
  download_url: z.string().nullable().describe('Present (a path under /api/v2) for job.ready and job.truncated; null otherwise.'),
  hidden_text_spans: z
    .number()
    .int()
    .optional()
    .describe('Present once the conversion reported hidden text: how many never-visibly-painted spans were dropped (job.hidden_text in the job view).'),
});
export type WebhookJob = z.infer<typeof WebhookJob>;

/** The exact body bytes of a delivery: `{"event":…,"job":{job_id,status,pages,truncated,download_url[,hidden_text_spans]}}`, keys in that order. */
export function deliveryBody(event: WebhookEvent, job: WebhookJob): Buffer {
  const { job_id, status, pages, truncated, download_url, hidden_text_spans } = job;
  const hidden = hidden_text_spans === undefined ? {} : { hidden_text_spans };
  return Buffer.from(JSON.stringify({ event, job: { job_id, status, pages, truncated, download_url, ...hidden } }), 'utf8');
}
