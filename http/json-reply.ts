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
// Frozen values answered with the caller's entity tag: their JSON text and its length in bytes.
const texts = new WeakMap<object, { body: string; length: number }>();

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
    // The caller decided freshness already (a 304 never comes here): the bytes go out as they are, without
    // Express's res.send (no header parsing, freshness check or Buffer per reply). A string body lets Node
    // write the headers and the body in one write of the socket, where a Buffer takes a writev of two.
    let text = texts.get(value);
    if (!text) texts.set(value, (text = { body: JSON.stringify(value), length: 0 }));
    text.length ||= Buffer.byteLength(text.body);
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Content-Length', text.length);
    res.end(text.body);
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
