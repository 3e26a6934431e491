import type { RequestHandler } from 'express';

/**
 * Runs `handler` (a router) only for paths under `prefix`; every other request
 * passes by with one string comparison. A router that a request enters costs
 * it a dispatch through each of its routes whether one matches or not, and
 * status polls pass every router mounted before theirs (bench/POLLING.md).
 * Unlike app.use(prefix, router), the routes keep their full paths.
 */
export function onlyUnder(prefix: string, handler: RequestHandler): RequestHandler {
  return (req, res, next) => (req.path.startsWith(prefix) ? handler(req, res, next) : next());
}
