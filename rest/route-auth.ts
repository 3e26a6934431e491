/**
 * A route's declared auth → the gateway middleware that establishes it, so
 * the OpenAPI security of a route and what the server checks come from the
 * same field. An API key route also admits the web session: core refuses a
 * session on API-key-only operations with 403 api_key_required, which is
 * more helpful than a 401 for a credential that was sent.
 */
import type { RequestHandler } from 'express';
import type { Runtime } from '../core/runtime.ts';
import { anonymous, credentialOrAnonymous } from '../http/credentials/anonymous.ts';
import { authenticate } from '../http/credentials/authenticate.ts';
import { deviceAndSession } from '../http/credentials/device-and-session.ts';
import { deviceAuth } from '../http/credentials/device-signature.ts';
import { sessionOrLinkedDevice } from '../http/credentials/session-or-device.ts';
import { uploadTicketAuth } from '../http/credentials/upload-ticket.ts';
import type { RouteAuth } from '../http/route.ts';

type Auth = (runtime: Runtime) => readonly RequestHandler[];

const v2: Auth = (rt) => [authenticate(rt)];

/** Every auth a REST route may declare, by its JSON form. */
const AUTH: Record<string, Auth> = {
  // No credential: the anonymous principal of the client address (its rate policy: the operation's address budgets).
  '"none"': () => [anonymous],
  '"ApiKey"': v2,
  '"Session"': v2,
  '[["ApiKey"],["Session"]]': v2,
  '"DeviceToken"': (rt) => [deviceAuth(rt)],
  '[["DeviceToken","Session"]]': (rt) => deviceAndSession(rt),
  '[["Session"],["DeviceToken"]]': (rt) => [sessionOrLinkedDevice(rt)],
  '"UploadTicket"': (rt) => [uploadTicketAuth(rt)],
};

/**
 * How an open route treats a credential it is sent: `lenient` uses a valid
 * one and ignores an invalid one (plans), `strict` refuses an invalid one
 * (checkout); without either, an open route is anonymous whatever it is sent.
 */
export type OptionalCredential = 'lenient' | 'strict';

/** The middleware of `auth`; an auth no route can be served with fails when the route is declared. */
export function authFor(auth: RouteAuth, optional?: OptionalCredential): Auth {
  if (optional) {
    if (auth !== 'none') throw new Error('Only an open route (auth none) takes an optional credential.');
    return (rt) => [credentialOrAnonymous(rt, optional === 'lenient' ? 'anonymous' : 'refuse')];
  }
  const make = AUTH[JSON.stringify(auth)];
  if (!make) throw new Error(`No gateway middleware serves the auth ${JSON.stringify(auth)} (rest/route-auth.ts)`);
  return make;
}

/** The API key or session alternatives of most v2 reads. */
export const KEY_OR_SESSION = [['ApiKey'], ['Session']] as const;
/** A session, or a linked device's signed request (API keys, webhooks). */
export const SESSION_OR_DEVICE = [['Session'], ['DeviceToken']] as const;
