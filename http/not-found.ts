import type { RequestHandler } from 'express';
import { DomainError } from '../core/errors.ts';

/** Unknown routes answer with the same error envelope as everything else. */
export function notFound(): RequestHandler {
  return (req, _res, next) => next(new DomainError('not_found', `No route ${req.method} ${req.path}.`));
}
