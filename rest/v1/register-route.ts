import type { Request, RequestHandler, Response } from 'express';
import { registerDevice } from '../../core/devices/register-device.ts';
import type { Runtime } from '../../core/runtime.ts';
import { parseJsonBody, readRawBody } from '../../http/read-raw-body.ts';

const REGISTER_BODY_LIMIT = 16 * 1024;

/** POST /register (unsigned): 200 {device_id, device_token}. */
export function registerRoute(runtime: Runtime): RequestHandler {
  return async (req: Request, res: Response) => {
    const body = parseJsonBody(await readRawBody(req, REGISTER_BODY_LIMIT));
    // req.ip honours the app's trust-proxy setting, so behind a proxy this is the client's address.
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    res.status(200).json(await registerDevice(runtime, ip, body));
  };
}
