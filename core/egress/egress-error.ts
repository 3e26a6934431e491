/**
 * Why an outbound fetch was refused or failed. Stable: callers map each code to
 * a user-facing 400 (a broken link is the user's input, not a stuck job).
 */
export type EgressErrorCode =
  | 'invalid_url'
  | 'forbidden_address'
  | 'dns_failure'
  | 'connect_failed'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status';

/** The only error the egress client throws or emits on its body stream. */
export class EgressError extends Error {
  readonly code: EgressErrorCode;
  /** The upstream HTTP status, set only for `http_status`. */
  readonly status?: number;

  constructor(code: EgressErrorCode, message: string, opts?: { status?: number; cause?: unknown }) {
    super(message, opts?.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'EgressError';
    this.code = code;
    if (opts?.status !== undefined) this.status = opts.status;
  }
}

/** Type guard for {@link EgressError}. */
export const isEgressError = (e: unknown): e is EgressError => e instanceof EgressError;
