import { ZodError } from 'zod';
import { inputProblems } from '../core/refusal-messages.ts';
import { DomainError } from '../core/errors.ts';

/**
 * Any error a request can raise, as a DomainError: domain errors as they are,
 * zod errors as bad_input, body-parser errors by their type, everything else
 * as a bare `internal` whose details stay in the log.
 */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof ZodError) return new DomainError('bad_input', inputProblems(err), { cause: err });
  const type = bodyParserType(err);
  if (type === 'entity.too.large') {
    const limit = typeof err === 'object' && err !== null && 'limit' in err ? ` of ${String(err.limit)} bytes` : '';
    return new DomainError('too_large', `The request body is larger than the limit${limit}; send large files as multipart.`);
  }
  if (type === 'entity.parse.failed') return new DomainError('bad_input', 'The request body is not valid JSON.');
  if (type !== undefined) return new DomainError('bad_input', `The request body could not be read (${type}).`);
  return new DomainError('internal', 'Internal error.', { cause: err });
}

// body-parser (express.json) tags its errors with a `type` such as
// 'entity.parse.failed', 'entity.too.large', 'charset.unsupported', 'request.aborted'.
function bodyParserType(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('type' in err) || typeof err.type !== 'string') return undefined;
  const status = 'status' in err ? err.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? err.type : undefined;
}
