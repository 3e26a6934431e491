import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middleware in order as one Express layer: every layer costs each
 * request a dispatch through the router, and the gateway's few steps (request
 * id, request log, Host/Origin check) run on every request. An error, passed
 * to next or thrown, skips the rest and goes to Express's error handling.
 */
export function inOneLayer(...handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined && err !== null) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        // An async handler's rejection is an error too, as Express 5 treats it.
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
