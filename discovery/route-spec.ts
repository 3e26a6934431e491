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
  tag: 'jobs' | 'account' | 'auth' | 'mcp' | 'v1';
  /** One scheme, alternatives (any one of them; e.g. Key or Session), or none. */
  auth: SecurityScheme | readonly SecurityScheme[] | 'none';
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
