import type { RequestHandler } from 'express';
import type { Services } from '../core/context.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { JSON_UPLOAD_TOO_LARGE, parseJsonBody, readRawBody } from './read-raw-body.ts';
import './request-types.ts';

/**
 * JSON bodies under the caller's cap (core's tier table: jsonBodyBytes),
 * refused with 413 as soon as they pass it: express.json reads a too-large
 * body to its end before answering, so a client streaming 200 MB held the
 * connection as long as it liked. Must follow authenticate(). Other content
 * types pass through untouched for their own parser.
 */
export function jsonBody(services: Pick<Services, 'config'>): RequestHandler {
  return async (req, _res, next) => {
    if (!req.principal) throw new Error('jsonBody() needs authenticate() before it');
    if (!req.is('application/json')) return next();
    const limit = transportLimits(services.config, req.principal.tier).jsonBodyBytes;
    req.body = parseJsonBody(await readRawBody(req, limit, JSON_UPLOAD_TOO_LARGE));
    next();
  };
}

/**
 * A small JSON body under a fixed cap, whatever its content type (an open
 * route's: registration, checkout); an empty body is undefined.
 */
export function jsonBodyUpTo(maxBytes: number): RequestHandler {
  return async (req, _res, next) => {
    req.body = parseJsonBody(await readRawBody(req, maxBytes));
    next();
  };
}
