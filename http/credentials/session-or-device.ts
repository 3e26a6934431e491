/**
 * Authentication of the routes the spec gives to "Session, or a linked
 * Device" (API keys, webhooks). A request with `Authorization: Device …` is
 * device-signed and goes through deviceAuth (signature, nonce; its JSON body
 * is read and hashed there). Any other request goes through the v2 resolvers
 * (the session cookie; an API key is recognised too, so core can refuse it as
 * the wrong kind of caller with 403 rather than pretend it was not sent) and
 * then has its JSON body read under the caller's cap.
 *
 * Whether a device is linked is core's question: account operations call
 * accountIdOf(), which answers not_linked (403) for an anonymous device.
 */
import type { Request, RequestHandler, Response } from 'express';
import { AUTH_SCHEME } from '../../core/devices/signing/headers.ts';
import type { Runtime } from '../../core/runtime.ts';
import { jsonBody } from '../json-body.ts';
import '../request-types.ts';
import { authenticate } from './authenticate.ts';
import { deviceAuth } from './device-signature.ts';

const DEVICE_AUTHORIZATION = new RegExp(`^${AUTH_SCHEME}\\s`, 'i');

/** True when the request claims to be device-signed (its signature is checked by deviceAuth). */
export const isDeviceSigned = (req: Request): boolean => DEVICE_AUTHORIZATION.test(req.get('authorization') ?? '');

/** Runs one middleware to its next(); rejects with what it threw or passed on. */
function step(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      const out: unknown = handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
      if (out instanceof Promise) out.catch(reject);
    } catch (err) {
      reject(err);
    }
  });
}

/** Sets req.principal (a device, or a session) and req.body; see the module comment. */
export function sessionOrLinkedDevice(runtime: Runtime): RequestHandler {
  const device = deviceAuth(runtime);
  const other = authenticate(runtime);
  const body = jsonBody(runtime);
  return async (req, res, next) => {
    if (isDeviceSigned(req)) {
      await step(device, req, res);
    } else {
      await step(other, req, res);
      await step(body, req, res);
    }
    next();
  };
}
