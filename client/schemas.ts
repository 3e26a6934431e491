import { z } from 'zod';

// Response shapes of the frozen v1 lane. Objects are loose: v1 may add fields
// and an older client must keep working when it does.

/** v1 job status values, including the status a cancelled job shows. */
export const JobStatus = z.enum(['queued', 'processing', 'ready', 'error', 'canceled']);
export type JobStatus = z.infer<typeof JobStatus>;

/** POST /register answer. */
export const RegisterResponse = z.looseObject({
  device_id: z.string().min(1),
  device_token: z.string().min(1),
});

/**
 * The v1 job resource. A ready job is deleted at status_since + job_ttl_seconds
 * (1 hour). Fields after status_since are what the server sends today; they are
 * optional so the client still accepts the frozen minimum.
 */
export const V1Job = z.looseObject({
  job_id: z.string(),
  status: JobStatus,
  status_since: z.string(),
  file_name: z.string().optional(),
  pages: z.number().int().nullable().optional(),
  progress: z.looseObject({ pages_done: z.number().int(), pages_total: z.number().int().nullable() }).optional(),
  truncated: z.boolean().optional(),
  output_size: z.number().int().nullable().optional(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
  expires_at: z.string().optional(),
});
export type V1Job = z.infer<typeof V1Job>;

/** GET /jobs answer: at most 3 recent jobs. */
export const JobList = z.looseObject({ items: z.array(V1Job) });

/** DELETE /jobs/{id} answer. */
export const DeleteResult = z.looseObject({
  job_id: z.string(),
  status: z.string(),
  message: z.string().optional(),
});
export type DeleteResult = z.infer<typeof DeleteResult>;

/** GET /config answer. */
export const ClientConfig = z.looseObject({
  job_ttl_seconds: z.number().int(),
  max_file_size: z.number().int(),
  max_slots: z.number().int(),
  support_url: z.string(),
  announcement: z
    .looseObject({ active: z.boolean(), id: z.string(), kind: z.string(), url: z.string() })
    .nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

/**
 * Device settings. The server knows `converter` (auto | text | ocr); other
 * names may come later, so the object stays open.
 */
export const Settings = z.looseObject({ converter: z.enum(['auto', 'text', 'ocr']).optional() });
export type Settings = z.infer<typeof Settings>;
