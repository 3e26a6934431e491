/**
 * defineRoute: a REST route as one record, in the shape of unkey's
 * createRoute. The record names the core operation, how a request becomes
 * its input (mapRequest) and how its output becomes the answer (reply), the
 * auth, the statuses and the OpenAPI entry; the Express handlers are built
 * from it (auth middleware from `auth`, rest/route-auth.ts), and discovery/
 * documents it. Operations stay in core: a record only translates.
 *
 * The statuses are checked against the operation's error codes through the
 * one status table (core/errors.ts STATUS): a route that leaves out the
 * status of a code its operation can answer does not compile.
 */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { ErrorCode, STATUS } from '../core/errors.ts';
import type { Operation } from '../core/operation.ts';
import type { Runtime } from '../core/runtime.ts';
import type { HttpMethod, Route, RouteAuth, RouteDoc } from '../http/route.ts';
import { restAdapter, type MapRequest, type Reply } from './rest-handler.ts';
import { htmlRoute } from '../http/html/html-route.ts';
import { authFor, type OptionalCredential } from './route-auth.ts';

/** The statuses of an operation's error codes that `S` leaves out; never when it covers them all. */
export type MissingStatuses<E extends ErrorCode, S extends readonly number[]> = Exclude<(typeof STATUS)[E], S[number]>;

/** Compiles only when S covers every error code of the operation. */
type Covering<E extends ErrorCode, S extends readonly number[]> = [MissingStatuses<E, S>] extends [never]
  ? S
  : { 'missing statuses of the operation\'s error codes': MissingStatuses<E, S> };

type Common<S extends readonly number[]> = {
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
  /** Error statuses the route answers (documented; checked against its operations' codes). */
  statuses: S;
  /** The OpenAPI entry, less what the record already says. */
  openapi: Omit<RouteDoc, 'errors'>;
  /** Middleware between authentication and the handler (body readers, the rate gate). */
  before?: (runtime: Runtime) => readonly RequestHandler[];
  /** An open route that also takes a v2 credential when sent (rest/route-auth.ts). */
  optionalCredential?: OptionalCredential;
  /** `page`: a browser-facing route, whose failures are HTML pages (the spec), not the JSON envelope. */
  failuresAs?: 'page';
};

/** A route that runs one operation. */
export type OperationRoute<I extends z.ZodType, O extends z.ZodType, E extends ErrorCode, S extends readonly number[]> = Common<S> & {
  operation: Operation<I, O, E>;
  mapRequest: MapRequest;
  /** Defaults to JSON 200. */
  reply?: Reply<z.output<O>>;
  /** A reply that needs the services (the Markdown download reads the blob store). */
  replyFor?: (runtime: Runtime) => Reply<z.output<O>>;
  statuses: Covering<E, S>;
};

/** A route whose handler picks among operations (job creation by body) or runs none (pages, provider callbacks). */
export type HandlerRoute<S extends readonly number[]> = Common<S> & {
  operations: readonly Operation[];
  handler: (runtime: Runtime, rest: ReturnType<typeof restAdapter>) => RequestHandler;
};

/** A page route's handler: any failure becomes an HTML page with the status of core's table. */
function asPage(runtime: Runtime, handler: RequestHandler): RequestHandler {
  return htmlRoute(runtime.log, (req, res) => new Promise<void>((resolve, reject) => {
    const out: unknown = handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    if (out instanceof Promise) out.then(() => resolve(), reject);
  }));
}

function record<S extends readonly number[]>(def: Common<S>, operations: readonly Operation[], last: Route['handlers']): Route {
  const auth = authFor(def.auth, def.optionalCredential);
  const final = def.failuresAs === 'page' ? (rt: Runtime) => last(rt).map((h) => asPage(rt, h)) : last;
  return {
    method: def.method,
    path: def.path,
    auth: def.auth,
    operations,
    doc: { ...def.openapi, errors: def.statuses },
    handlers: (runtime) => [...auth(runtime), ...(def.before?.(runtime) ?? []), ...final(runtime)],
  };
}

/** A REST route record over one core operation. */
export function defineRoute<I extends z.ZodType, O extends z.ZodType, E extends ErrorCode, const S extends readonly number[]>(
  def: OperationRoute<I, O, E, S>,
): Route {
  return record(def as Common<S>, [def.operation as unknown as Operation], (runtime) => [
    restAdapter(runtime)(def.operation, def.mapRequest, def.replyFor?.(runtime) ?? def.reply),
  ]);
}

/** A REST route record with its own handler (see HandlerRoute). */
export function defineHandlerRoute<const S extends readonly number[]>(def: HandlerRoute<S>): Route {
  return record(def, def.operations, (runtime) => [def.handler(runtime, restAdapter(runtime))]);
}
