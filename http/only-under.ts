import type { RequestHandler, Router } from 'express';

/**
 * Runs `router` only for paths under `prefix`; every other request passes by
 * with one string comparison. A router that a request enters costs it a
 * dispatch through each of its routes whether one matches or not, and status
 * polls pass every router mounted before theirs (bench/POLLING.md). Unlike
 * app.use(prefix, router), the routes keep their full paths. The router's
 * `stack` stays visible on the handler, as on a router, so route-table checks
 * still see its routes.
 */
export function onlyUnder(prefix: string, router: Router): RequestHandler & { stack: Router['stack'] } {
  const handler: RequestHandler = (req, res, next) => (req.path.startsWith(prefix) ? router(req, res, next) : next());
  return Object.assign(handler, { stack: router.stack });
}
