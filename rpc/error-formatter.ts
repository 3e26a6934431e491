/**
 * The error shape of both tRPC routers: data.code is the domain code (as in
 * REST bodies and MCP error data), data.status its HTTP status; tRPC's own
 * code stays in data.trpc_code. Stacks are never sent.
 */
import type { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY, TRPCDefaultErrorShape } from '@trpc/server';
import { STATUS, isDomainError, type ErrorCode } from '../core/errors.ts';

// Errors raised by tRPC itself (unknown procedure, unreadable input) have no DomainError cause.
const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: 'bad_input',
  BAD_REQUEST: 'bad_input',
  NOT_FOUND: 'not_found',
  METHOD_NOT_SUPPORTED: 'bad_input',
  UNSUPPORTED_MEDIA_TYPE: 'bad_input',
  PAYLOAD_TOO_LARGE: 'too_large',
};

export type RpcErrorData = {
  code: ErrorCode;
  status: number;
  trpc_code: TRPC_ERROR_CODE_KEY;
  path?: string;
  retry_after?: number;
};

export function domainCodeOf(error: TRPCError): ErrorCode {
  return isDomainError(error.cause) ? error.cause.code : (FROM_TRPC[error.code] ?? 'internal');
}

export function errorFormatter({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const code = domainCodeOf(error);
  const data: RpcErrorData = { code, status: STATUS[code], trpc_code: error.code };
  if (shape.data.path !== undefined) data.path = shape.data.path;
  if (isDomainError(error.cause) && error.cause.retryAfter !== undefined) data.retry_after = error.cause.retryAfter;
  return { message: code === 'internal' ? 'Internal error.' : shape.message, code: shape.code, data };
}
