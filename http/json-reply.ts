import type { Response } from 'express';

/**
 * JSON replies, serialized once per deeply frozen value. Core answers a poll
 * of an unchanged job with the same frozen view (core/operation.ts), which
 * cannot change, so its bytes and entity tag are computed the first time and
 * reused: no stringify, byte conversion or entity-tag hash per poll. Anything
 * else is serialized per reply, as res.json() would. Conditional requests
 * (If-None-Match → 304) and HEAD work as for any Express reply: res.send()
 * still decides freshness, here against the remembered tag.
 */
type Serialized = { body: Buffer; etagFn: unknown; etag: string | undefined };

const serialized = new WeakMap<object, Serialized>();

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `etag`: the answer's entity tag when the caller knows a better one than a
 * hash of the bytes (a job's tag covers its own state only: core/jobs/job-etag.ts).
 */
export function sendJson(res: Response, value: unknown, etag?: string): void {
  const frozen = typeof value === 'object' && value !== null && Object.isFrozen(value);
  if (etag) res.setHeader('ETag', etag);
  if (!frozen) {
    res.json(value);
    return;
  }
  if (etag) {
    let body = serialized.get(value)?.body;
    if (!body) serialized.set(value, { body: (body = Buffer.from(JSON.stringify(value), 'utf8')), etagFn: null, etag: undefined });
    res.setHeader('Content-Type', JSON_TYPE);
    res.send(body);
    return;
  }
  // The app's own entity-tag function (Express's `etag` setting); none when the app turned it off.
  const etagFn: unknown = res.app.get('etag fn');
  let s = serialized.get(value);
  if (!s || s.etagFn !== etagFn) {
    const body = s?.body ?? Buffer.from(JSON.stringify(value), 'utf8');
    const etag = typeof etagFn === 'function' ? (etagFn as (b: Buffer) => string | undefined)(body) : undefined;
    s = { body, etagFn, etag };
    serialized.set(value, s);
  }
  res.setHeader('Content-Type', JSON_TYPE);
  if (s.etag) res.setHeader('ETag', s.etag);
  res.send(s.body);
}
