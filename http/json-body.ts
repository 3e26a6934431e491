import express, { type RequestHandler } from 'express';
import type { Services } from '../core/context.ts';
import { transportLimits } from '../core/transport-limits.ts';
import './request-types.ts';

/**
 * express.json() under the caller's JSON body cap, which core's tier table
 * sets (jsonBodyBytes). Must follow authenticate(). One parser per distinct
 * cap, made on first use.
 */
export function jsonBody(services: Services): RequestHandler {
  const parsers = new Map<number, RequestHandler>();
  return (req, res, next) => {
    if (!req.principal) throw new Error('jsonBody() needs authenticate() before it');
    const limit = transportLimits(services.config, req.principal.tier).jsonBodyBytes;
    let parse = parsers.get(limit);
    if (!parse) parsers.set(limit, (parse = express.json({ limit })));
    return parse(req, res, next);
  };
}
