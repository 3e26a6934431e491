/**
 * What the REST middleware adds to an Express request. Augmenting the
 * Request type keeps handlers free of casts; every field is set by exactly one
 * middleware, named beside it.
 */
import type { Principal } from '../core/principal.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requestId(): the id echoed in X-Request-Id and in error bodies. */
    requestId: string;
    /** Set by authenticate(); absent on open routes. */
    principal?: Principal;
  }
}

export {};
