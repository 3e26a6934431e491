/**
 * DomainError → TRPCError. One entry per domain code, so a new code without
 * a tRPC code fails to compile; the DomainError rides along as `cause` and
 * the error formatter copies its code into the error's data.
 */
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { DomainError, isDomainError, type ErrorCode } from '../core/errors.ts';

export const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  bad_input: 'BAD_REQUEST',
  not_a_pdf: 'BAD_REQUEST',
  fetch_failed: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  api_key_required: 'FORBIDDEN',
  insufficient_scope: 'FORBIDDEN',
  device_blocked: 'FORBIDDEN',
  not_linked: 'FORBIDDEN',
  limit_reached: 'FORBIDDEN',
  not_in_plan: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  slots_full: 'CONFLICT',
  not_ready: 'CONFLICT',
  replay: 'CONFLICT',
  // tRPC has no 410; the domain code in data tells gone from not_found.
  gone: 'NOT_FOUND',
  too_large: 'PAYLOAD_TOO_LARGE',
  idempotency_mismatch: 'UNPROCESSABLE_CONTENT',
  rate_limited: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_SERVER_ERROR',
  not_configured: 'SERVICE_UNAVAILABLE',
  plan_required: 'FORBIDDEN',
  already_subscribed: 'CONFLICT',
  billing_unavailable: 'BAD_GATEWAY',
  billing_not_configured: 'SERVICE_UNAVAILABLE',
  idp_error: 'BAD_GATEWAY',
  idp_unavailable: 'SERVICE_UNAVAILABLE',
  ticket_used: 'CONFLICT',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  method_not_allowed: 'METHOD_NOT_SUPPORTED',
};

/** Any failure as a TRPCError; unknown errors become `internal` without their message. */
export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  const e = isDomainError(err) ? err : new DomainError('internal', 'Internal error.', { cause: err });
  return new TRPCError({ code: TRPC_CODE[e.code], message: e.message, cause: e });
}
