import type { RequestHandler } from 'express';
import { clientConfig } from '../../core/devices/client-config.ts';
import type { Runtime } from '../../core/runtime.ts';

/** GET /config (unsigned): the client configuration. */
export function configRoute(runtime: Runtime): RequestHandler {
  return (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(clientConfig(runtime.config));
  };
}
