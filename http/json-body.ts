import type { RequestHandler } from 'express';
import { parseJsonBody, readRawBody } from './read-raw-body.ts';
import './request-types.ts';

/**
 * JSON bodies up to `maxBytes`, refused with 413 as soon as they pass it
 * (express.json reads a too-large body to its end before answering, so a
 * client streaming 200 MB held the connection for as long as it liked).
 * Other content types pass through untouched for their own parser.
 */
export function jsonBody(maxBytes: number): RequestHandler {
  return async (req, _res, next) => {
    if (!req.is('application/json')) return next();
    req.body = parseJsonBody(await readRawBody(req, maxBytes));
    next();
  };
}
