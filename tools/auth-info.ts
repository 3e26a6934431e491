/**
 * The principal travels from the HTTP layer to the tool handlers in the
 * SDK's AuthInfo (req.auth → extra.authInfo), as the SDK intends for bearer
 * tokens. The token field holds the key's id, never its secret.
 */
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { DomainError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';

/**
 * `onRateLimited` lets a tool call that ran out of budget put Retry-After and
 * the RateLimit fields on the HTTP response that carries its JSON-RPC error.
 */
type P2mAuthExtra = { principal: Principal; requestId: string; onRateLimited?: (e: DomainError) => void };

export function toAuthInfo(principal: Principal, requestId: string, onRateLimited?: (e: DomainError) => void): AuthInfo {
  const extra: P2mAuthExtra = { principal, requestId, ...(onRateLimited ? { onRateLimited } : {}) };
  return {
    token: principal.kind === 'api_key' ? principal.keyId : principal.accountId ?? '',
    clientId: principal.accountId ?? '',
    scopes: principal.kind === 'api_key' ? [...principal.scopes] : [],
    extra,
  };
}

const KINDS: readonly string[] = ['api_key', 'session', 'device'];

/** The caller set by toAuthInfo, or null when the request was not authenticated by this router. */
export function fromAuthInfo(info: AuthInfo | undefined): P2mAuthExtra | null {
  const p = info?.extra?.principal;
  const requestId = info?.extra?.requestId;
  const ok = typeof p === 'object' && p !== null && 'kind' in p && KINDS.includes(String(p.kind));
  if (!ok || typeof requestId !== 'string') return null;
  const hook = info?.extra?.onRateLimited;
  return { principal: p as Principal, requestId, ...(typeof hook === 'function' ? { onRateLimited: hook as (e: DomainError) => void } : {}) };
}
