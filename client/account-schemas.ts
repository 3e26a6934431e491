import { z } from 'zod';

// Response shapes of the device-signed account routes and ticketed uploads.
// Objects are loose: the server may add fields.

/** GET /api/v2/account, and the answers of attach and unlink. */
export const LinkStatus = z.looseObject({
  linked: z.boolean(),
  tier: z.string().optional(),
  /** The linked account's e-mail, where the server tells it. */
  email: z.string().nullable().optional(),
});
export type LinkStatus = z.infer<typeof LinkStatus>;

/** POST /api/v2/account/link/start. */
/** user_code: show it to the person; the confirmation page after sign-in shows the same code (absent on older servers). */
export const LinkStart = z.looseObject({ login_url: z.string(), user_code: z.string().optional(), expires_at: z.string().optional() });
export type LinkStart = z.infer<typeof LinkStart>;

/** POST /api/v2/jobs/upload-ticket: a ticket, or why there is none. */
export const UploadTicket = z.union([
  z.looseObject({ eligible: z.literal(true), ticket: z.string(), expires_at: z.string(), max_bytes: z.number().int(), tier: z.string() }),
  z.looseObject({ eligible: z.literal(false), reason: z.string(), message: z.string().optional() }),
]);
export type UploadTicket = z.infer<typeof UploadTicket>;

/** The v2 job a ticketed upload creates (the fields a device needs; the rest pass through). */
export const V2Job = z.looseObject({
  job_id: z.string(),
  status: z.string(),
  owner_type: z.string(),
  tier: z.string(),
  file_name: z.string().optional(),
});
export type V2Job = z.infer<typeof V2Job>;
