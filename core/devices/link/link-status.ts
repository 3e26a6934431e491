import { z } from 'zod';
import { TierName } from '../../tiers.ts';

/** GET /api/v2/account and the answers of attach and unlink. */
export const LinkStatus = z.object({
  linked: z.boolean().describe('Whether this device is linked to an account; false for an anonymous device.'),
  tier: TierName.describe("The device's tier: its account's when linked, else anonymous."),
});
export type LinkStatus = z.infer<typeof LinkStatus>;
