import { z } from 'zod';
import { DomainError } from '../../errors.ts';
import { defineOperation } from '../../operation.ts';
import { deviceIdOf } from '../../principal.ts';
import { issueLinkTicket } from './issue-link-ticket.ts';

/** Where sign-in starts; the ticket rides along to the callback. */
export const SIGN_IN_START_PATH = '/api/v2/auth/idp/start';

export const LinkStart = z.object({
  login_url: z
    .url()
    .describe('Open this in a browser: after sign-in a page shows user_code and asks the person to confirm; only then is the device linked.'),
  user_code: z
    .string()
    .regex(/^[A-Z]{4}-[A-Z]{4}$/)
    .describe('Show this to the person (ABCD-EFGH): the confirmation page shows the same code, and they should link only a device showing it.'),
  expires_at: z.string().describe('When the one-time ticket in login_url stops working.'),
});

export const startDeviceLink = defineOperation({
  name: 'start_device_link',
  title: 'Start linking the device to an account',
  description:
    'Issues a one-time, short-lived ticket bound to the calling device and returns the sign-in address that carries it, with a user code for the device to display. After signing in there, the person sees the code and the device (when it registered, the jobs it holds) and links it only by pressing Link this device; Cancel spends the ticket. Opening the address links nothing by itself.',
  scope: null,
  errors: ['not_configured'],
  actors: ['device'],
  input: z.object({ origin: z.string().optional().describe('The public origin the request came in on.') }),
  output: LinkStart,
  async handler(ctx, { origin }) {
    // Without a provider a link ticket leads nowhere.
    if (ctx.config.oidc === null) {
      throw new DomainError('not_configured', 'Sign-in is not configured on this service, so devices cannot be linked.');
    }
    const { ticket, userCode, expiresAt } = await issueLinkTicket(ctx, deviceIdOf(ctx.principal)!);
    // Only a configured public origin is ever put in front of the ticket.
    const base = origin !== undefined && ctx.config.publicOrigins.includes(origin) ? origin : ctx.config.publicOrigins[0]!;
    const url = new URL(SIGN_IN_START_PATH, base);
    url.searchParams.set('ticket', ticket);
    return { login_url: url.toString(), user_code: userCode, expires_at: expiresAt.toISOString() };
  },
});
