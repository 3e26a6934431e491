import { z } from 'zod';
import { TierName } from '../../tiers.ts';

/** GET /api/v2/account and the answers of attach and unlink. */
export const LinkStatus = z.object({
  linked: z.boolean().describe('Whether this device is linked to an account; false for an anonymous device.'),
  tier: TierName.describe("The device's tier: its account's when linked, else anonymous."),
  email: z
    .string()
    .nullable()
    .optional()
    .describe('GET /api/v2/account only: the linked account\'s e-mail (null when it has none), so the extension can show whose account it is; absent when not linked.'),
});
export type LinkStatus = z.infer<typeof LinkStatus>;
