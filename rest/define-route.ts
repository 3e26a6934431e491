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
 *
 * `rpc` offers the route's operation as a tRPC procedure too (rpc/ builds the
 * tree; a GET is a query, anything else a mutation). The record's type
 * carries the procedure's path and types to AppRouter, so a list holding
 * such records keeps its literal type (`as const`), never `readonly Route[]`
 * (test/lint/route-lists.test.ts checks). `mcp` offers it as an MCP tool: its
 * hints and guide are written here, its name, schemas and description come
 * from the operation (tools/ builds the tools).
 */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { Ctx } from '../core/context.ts';
import type { ErrorCode, STATUS } from '../core/errors.ts';
import type { Operation } from '../core/operation.ts';
import type { Runtime } from '../core/runtime.ts';
import type { HttpMethod, Route, RouteAuth, RouteDoc } from '../http/route.ts';
import type { McpBinding, McpOption } from '../http/mcp-binding.ts';
import { rpcKindOf, type RpcBinding, type RpcKind, type RpcKindOf, type RpcPath } from '../http/rpc-binding.ts';
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

/** A handler route's MCP tools: one per operation it offers as a tool. */
type HandlerMcp = readonly (McpOption & { operation: Operation })[];

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

/**
 * How a route's operation is offered over tRPC: its procedure path; with
 * `jsonInput` when the operation's input also takes what JSON cannot carry
 * (the client's input type is then that JSON form, which the operation's
 * input accepts as it is), and `present` when its output is not sent as it
 * is (a stored-result reference).
 */
export type RpcOption<P extends RpcPath, O extends z.ZodType, J extends z.ZodType, R> =
  | P
  | { path: P; jsonInput?: J; present?: (out: z.output<O>, ctx: Ctx) => Promise<R> };

/** A route record, with the type of the procedures it declares when it declares any. */
export type RouteWith<B extends RpcBinding> = [B] extends [never] ? Route : Route & { readonly rpc: readonly B[] };

type BindingIf<P extends RpcPath, K extends RpcKind, In, Out> = [P] extends [never] ? never : RpcBinding<P, K, In, Out>;

/** A handler route's procedures: path → the operation it runs (one of the route's) and its JSON input form. */
type HandlerRpc = Readonly<Record<RpcPath, { operation: Operation; jsonInput?: z.ZodType }>>;
type InputOf<V> = V extends { jsonInput: infer J extends z.ZodType } ? z.input<J> : V extends { operation: { input: infer I extends z.ZodType } } ? z.input<I> : never;
type OutputOf<V> = V extends { operation: { output: infer O extends z.ZodType } } ? z.output<O> : never;
type HandlerBindings<T extends HandlerRpc, K extends RpcKind> = {
  [P in keyof T & RpcPath]: RpcBinding<P, K, InputOf<T[P]>, OutputOf<T[P]>>;
}[keyof T & RpcPath];

/** A route whose handler picks among operations (job creation by body) or runs none (pages, provider callbacks). */
export type HandlerRoute<S extends readonly number[]> = Common<S> & {
  operations: readonly Operation[];
  handler: (runtime: Runtime, rest: ReturnType<typeof restAdapter>) => RequestHandler;
  rpc?: HandlerRpc;
  mcp?: HandlerMcp;
};

/** A page route's handler: any failure becomes an HTML page with the status of core's table. */
function asPage(runtime: Runtime, handler: RequestHandler): RequestHandler {
  return htmlRoute(runtime.log, (req, res) => new Promise<void>((resolve, reject) => {
    const out: unknown = handler(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    if (out instanceof Promise) out.then(() => resolve(), reject);
  }));
}

function record<S extends readonly number[]>(
  def: Common<S>,
  operations: readonly Operation[],
  last: Route['handlers'],
  bindings: { rpc: readonly RpcBinding[]; mcp: readonly McpBinding[] },
): Route {
  const { rpc, mcp } = bindings;
  const auth = authFor(def.auth, def.optionalCredential);
  const final = def.failuresAs === 'page' ? (rt: Runtime) => last(rt).map((h) => asPage(rt, h)) : last;
  for (const b of rpc) {
    if (!operations.includes(b.operation)) throw new Error(`${def.path}: its tRPC procedure ${b.path} runs an operation the route does not`);
  }
  for (const t of mcp) {
    if (!operations.includes(t.operation)) throw new Error(`${def.path}: its MCP tool ${t.operation.name} runs an operation the route does not`);
  }
  return {
    ...(rpc.length > 0 ? { rpc } : {}),
    ...(mcp.length > 0 ? { mcp } : {}),
    method: def.method,
    path: def.path,
    auth: def.auth,
    operations,
    doc: { ...def.openapi, errors: def.statuses },
    handlers: (runtime) => [...auth(runtime), ...(def.before?.(runtime) ?? []), ...final(runtime)],
  };
}

/** A REST route record over one core operation (and its tRPC procedure, with `rpc`; its MCP tool, with `mcp`). */
export function defineRoute<
  I extends z.ZodType,
  O extends z.ZodType,
  E extends ErrorCode,
  const S extends readonly number[],
  M extends HttpMethod,
  const P extends RpcPath = never,
  J extends z.ZodType = I,
  R = z.output<O>,
>(
  def: OperationRoute<I, O, E, S> & { method: M; rpc?: RpcOption<P, O, J, R>; mcp?: McpOption },
  // NoInfer: a list's `satisfies readonly Route[]` must not infer the procedure's types from the wide Route.
): RouteWith<BindingIf<NoInfer<P>, RpcKindOf<NoInfer<M>>, z.input<NoInfer<J>>, NoInfer<R>>> {
  const operation = def.operation as unknown as Operation;
  const option = typeof def.rpc === 'string' ? { path: def.rpc } : def.rpc;
  const rpc: RpcBinding[] = option ? [{ path: option.path, kind: rpcKindOf(def.method), operation, ...(option.present ? { present: option.present } : {}) }] : [];
  const mcp: McpBinding[] = def.mcp ? [{ ...def.mcp, operation }] : [];
  return record(def as Common<S>, [operation], (runtime) => [
    restAdapter(runtime)(def.operation, def.mapRequest, def.replyFor?.(runtime) ?? def.reply),
  ], { rpc, mcp }) as RouteWith<BindingIf<NoInfer<P>, RpcKindOf<NoInfer<M>>, z.input<NoInfer<J>>, NoInfer<R>>>;
}

/** A REST route record with its own handler (see HandlerRoute), and the tRPC procedures (`rpc`) and MCP tools (`mcp`) of its operations. */
export function defineHandlerRoute<const S extends readonly number[], M extends HttpMethod, const T extends HandlerRpc = Record<never, never>>(
  def: HandlerRoute<S> & { method: M; rpc?: T },
): RouteWith<HandlerBindings<NoInfer<T>, RpcKindOf<NoInfer<M>>>> {
  const rpc = Object.entries(def.rpc ?? {}).map(([path, b]): RpcBinding => ({ path: path as RpcPath, kind: rpcKindOf(def.method), operation: b.operation }));
  return record(def, def.operations, (runtime) => [def.handler(runtime, restAdapter(runtime))], { rpc, mcp: def.mcp ?? [] }) as RouteWith<HandlerBindings<NoInfer<T>, RpcKindOf<NoInfer<M>>>>;
}
