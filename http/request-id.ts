import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import './request-types.ts';

// A caller's id is echoed only when it is short and plain, so it cannot
// inject into logs or response headers.
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes X-Request-Id from the caller when well-formed, else makes one; echoes it on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    req.requestId = given && ACCEPTED.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    next();
  };
}
