/**
 * The entity tag of a job: weak, and derived from the job's own state only
 * (status, progress, timestamps, result, error…), never from the quota
 * context the view also carries (slot_usage, tier). Any other job of the
 * account changes slot_usage, so a tag over the whole view would rarely
 * match while a client polls an unchanged job. The price, documented: a
 * 304 does not resend slot_usage and tier, so the copy a client holds of
 * them may be stale (get_limits reads them live).
 */
import { createHash } from 'node:crypto';
import type { Job } from './job-schema.ts';

// Tags of deeply frozen views (a poll of an unchanged job answers the same one): hashed once per view.
const tags = new WeakMap<Job, string>();

/** The quota context: left out of the tag. */
const CONTEXT: ReadonlySet<string> = new Set(['slot_usage', 'tier']);

/**
 * W/"…": a hash of every field of the view except slot_usage and tier, in a
 * canonical form (keys sorted), so the handler's view and the same view as
 * its schema parsed it (another key order) have one tag.
 */
export function jobEntityTag(view: Job): string {
  const kept = tags.get(view);
  if (kept) return kept;
  const tag = `W/"${createHash('sha1').update(canonical(view, CONTEXT)).digest('base64url')}"`;
  if (Object.isFrozen(view)) tags.set(view, tag);
  return tag;
}

/** JSON with object keys sorted (undefined members left out, as JSON.stringify does), less the top-level `skip` keys. */
function canonical(value: unknown, skip?: ReadonlySet<string>): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined && !skip?.has(k))
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
}

/**
 * Whether an If-None-Match value (one tag, a comma-separated list, or `*`)
 * names `tag`, by weak comparison (RFC 9110 §13.1.2): W/ is ignored on both
 * sides. The same rule as Express's freshness check, so core and REST agree.
 */
export function entityTagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = opaque(tag);
  for (const part of ifNoneMatch.split(',')) {
    const t = part.trim();
    if (t === '*' || opaque(t) === bare) return true;
  }
  return false;
}

const opaque = (t: string) => (t.startsWith('W/') ? t.slice(2) : t);
