/**
 * One row of the REST route table: which core operations a route runs, its
 * method and path, how it authenticates, its success status and the error
 * statuses it can answer, plus the request and success-response shapes.
 * The OpenAPI documents are generated from these rows alone.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi';
import type { Operation } from '../core/operation.ts';
import type { SecurityScheme } from './openapi-components.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export type RouteSpec = {
  method: HttpMethod;
  /** OpenAPI form, {jobId} for a path parameter. */
  path: string;
  /** The core operations the route runs (job creation runs one of two by body); none for routes outside core's list. */
  operations: readonly Operation[];
  operationId: string;
  /** Defaults to the operation's title. */
  summary?: string;
  /** Defaults to the operation's description and the scope it needs. */
  description?: string;
  tag: 'jobs' | 'account' | 'auth' | 'mcp' | 'v1' | 'webhooks' | 'billing';
  /**
   * Who may call: one scheme, none, or alternatives each of which needs all
   * of its schemes (`[['Session'], ['DeviceToken']]` is either;
   * `[['DeviceToken', 'Session']]` is both), as OpenAPI security requirements.
   */
  auth: SecurityScheme | 'none' | readonly (readonly SecurityScheme[])[];
  success: number;
  /** The response at `success`. */
  ok: ZodOpenApiResponseObject;
  /** Other non-error answers (a repeated creation's 200, MCP's 202). */
  alsoOk?: Record<string, ZodOpenApiResponseObject>;
  errors: readonly number[];
  /** The body of those errors when it is not the v2 error envelope (MCP answers JSON-RPC errors). */
  errorResponse?: (status: number) => ZodOpenApiResponseObject;
  request?: Pick<ZodOpenApiOperationObject, 'requestParams' | 'requestBody'>;
  /** Also in /openapi-ai.json (create, status, fetch). */
  reduced?: boolean;
};

/** A row's auth as OpenAPI security requirement objects. */
export function securityOf(auth: RouteSpec['auth']): Record<string, string[]>[] {
  if (auth === 'none') return [];
  if (typeof auth === 'string') return [{ [auth]: [] }];
  return auth.map((all) => Object.fromEntries(all.map((scheme) => [scheme, []])));
}

/** Whether an API key is one way to call the route (its operations' scopes then apply). */
export const acceptsApiKey = (auth: RouteSpec['auth']): boolean =>
  auth === 'ApiKey' || (typeof auth !== 'string' && auth.some((all) => all.length === 1 && all[0] === 'ApiKey'));
