import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Ctx, Services } from '../core/context.ts';
import { invoke, type Operation } from '../core/operation.ts';
import { sendJson as sendJsonValue } from '../http/json-reply.ts';
import { writeRateHeaders } from '../http/rate-headers.ts';
import '../http/request-types.ts';

/** Builds an operation's raw input from the request (and the services, for public origins and caps); core parses it. */
export type MapRequest = (req: Request, services: Services) => unknown;
/** Writes an operation's output as the response. */
export type Reply<O> = (res: Response, out: O) => void | Promise<void>;

const sendJson: Reply<unknown> = (res, out) => sendJsonValue(res.status(200), out);

/**
 * The caller's context for core: the services, the authenticated principal
 * and the request id; the rate charge invoke() makes comes back as the
 * response's RateLimit header fields.
 */
export function ctxOf(services: Services, req: Request): Ctx {
  if (!req.principal) throw new Error(`${req.method} ${req.path} has no authenticate() middleware`);
  const res = req.res;
  return {
    ...services,
    log: services.log.child({ request_id: req.requestId }),
    principal: req.principal,
    requestId: req.requestId,
    ...(res ? { onRateCharge: (charge) => writeRateHeaders(res, charge), abortSignal: () => goneSignal(res) } : {}),
  };
}

/** Aborts when the connection closes before the answer is finished (a long poll whose client left stops waiting). */
function goneSignal(res: Response): AbortSignal {
  const ctl = new AbortController();
  if (res.closed && !res.writableFinished) ctl.abort();
  else res.once('close', () => res.writableFinished || ctl.abort());
  return ctl.signal;
}

/**
 * The REST adapter: `rest(op, mapRequest, reply?)` is a route handler that
 * invokes op for req.principal with the mapped input and replies with JSON
 * 200 unless told otherwise. Rejections reach the error handler.
 */
export function restAdapter(services: Services) {
  return function rest<I extends z.ZodType, O extends z.ZodType>(
    op: Operation<I, O>,
    mapRequest: MapRequest,
    reply: Reply<z.output<O>> = sendJson,
  ): RequestHandler {
    return async (req, res) => {
      const input = await mapRequest(req, services);
      await reply(res, await invoke(op, ctxOf(services, req), input));
    };
  };
}
