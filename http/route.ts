/**
 * A route, declared once: method, path, who may call it, the core
 * operations it runs, how it appears in the OpenAPI documents, and the
 * Express handlers it is served by. server/ registers the handlers from these
 * records, discovery/ generates OpenAPI from them, rpc/ builds the tRPC
 * procedure tree from them, tools/ the MCP tools, and the parity and
 * coverage tests read them; nothing about a route is written twice. REST
 * routes are built with rest/define-route.ts; the MCP endpoint and the
 * discovery files declare theirs beside their code.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi';
import type { Operation } from '../core/operation.ts';
import type { Runtime } from '../core/runtime.ts';
import type { McpBinding } from './mcp-binding.ts';
import type { RpcBinding } from './rpc-binding.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The spec's four credentials (OpenAPI security schemes). */
export type SecurityScheme = 'ApiKey' | 'DeviceToken' | 'Session' | 'UploadTicket';

/**
 * Who may call: one scheme, none, or alternatives each of which needs all of
 * its schemes (`[['Session'], ['DeviceToken']]` is either;
 * `[['DeviceToken', 'Session']]` is both), as OpenAPI security requirements.
 */
export type RouteAuth = SecurityScheme | 'none' | readonly (readonly SecurityScheme[])[];

export type RouteTag = 'jobs' | 'account' | 'auth' | 'mcp' | 'v1' | 'webhooks' | 'billing';

/** How a route appears in the OpenAPI documents. */
export type RouteDoc = {
  operationId: string;
  tag: RouteTag;
  /** Defaults to the operation's title. */
  summary?: string;
  /** Defaults to the operation's description and the scope it needs. */
  description?: string;
  /** The success status. */
  success: number;
  /** The response at `success`. */
  ok: ZodOpenApiResponseObject;
  /** Other non-error answers (a repeated creation's 200, MCP's 202, a poll's 304). */
  alsoOk?: Record<string, ZodOpenApiResponseObject>;
  /** The error statuses the route answers; they cover every error code of its operations (checked when the record compiles: rest/define-route.ts). */
  errors: readonly number[];
  /** The body of those errors when it is not the v2 error envelope (MCP answers JSON-RPC errors, pages HTML). */
  errorResponse?: (status: number) => ZodOpenApiResponseObject;
  request?: Pick<ZodOpenApiOperationObject, 'requestParams' | 'requestBody'>;
  /** Also in /openapi-ai.json (create, status, fetch). */
  reduced?: boolean;
};

export type Route = {
  method: HttpMethod;
  /** OpenAPI form: `{jobId}` is a path parameter, read as req.params.jobId. */
  path: string;
  auth: RouteAuth;
  /** The core operations the route runs (job creation runs one of two by body); none for routes outside core's list. */
  operations: readonly Operation[];
  /** null for routes outside the API description (probes, the discovery files themselves). */
  doc: RouteDoc | null;
  /** The route's Express handlers, in order, built once per app. */
  handlers(runtime: Runtime): readonly RequestHandler[];
  /** Writes the route's failures in its own shape (MCP's JSON-RPC errors); else the app's error envelope. */
  failures?(runtime: Runtime): ErrorRequestHandler;
  /** The tRPC procedures the route's operations are also offered as (rpc/procedure-tree.ts builds them). */
  rpc?: readonly RpcBinding[];
  /** The MCP tools the route's operations are also offered as (tools/tool-registry.ts builds them). */
  mcp?: readonly McpBinding[];
};

/** A route's auth as OpenAPI security requirement objects. */
export function securityOf(auth: RouteAuth): Record<string, string[]>[] {
  if (auth === 'none') return [];
  if (typeof auth === 'string') return [{ [auth]: [] }];
  return auth.map((all) => Object.fromEntries(all.map((scheme) => [scheme, []])));
}

/** Whether an API key is one way to call the route (its operations' scopes then apply). */
export const acceptsApiKey = (auth: RouteAuth): boolean =>
  auth === 'ApiKey' || (typeof auth !== 'string' && auth.some((all) => all.length === 1 && all[0] === 'ApiKey'));

/** "GET /api/v2/jobs/{jobId}": how tests and errors name a route. */
export const routeKey = (r: Pick<Route, 'method' | 'path'>): string => `${r.method.toUpperCase()} ${r.path}`;
