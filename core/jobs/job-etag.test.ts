import { describe, expect, it } from 'vitest';
import { entityTagMatches, jobEntityTag } from './job-etag.ts';
import type { Job } from './job-schema.ts';

const view = {
  job_id: '0b7c7a52-5c1e-4d41-9b1b-2a8f7f1e9a01',
  status: 'processing',
  progress: { pages_done: 1, pages_total: 4 },
  slot_usage: { used: 1, limit: 3, free: 2 },
  tier: 'free',
} as unknown as Job;

describe('jobEntityTag', () => {
  it('is weak and ignores the quota context, but not the job\'s own state', () => {
    const tag = jobEntityTag(view);
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(jobEntityTag({ ...view, slot_usage: { used: 3, limit: 20, free: 17 }, tier: 'pro' })).toBe(tag);
    expect(jobEntityTag({ ...view, progress: { pages_done: 2, pages_total: 4 } })).not.toBe(tag);
    expect(jobEntityTag({ ...view, status: 'ready' })).not.toBe(tag);
  });

  it('does not depend on key order (the handler\'s view and its parsed copy share one tag)', () => {
    const reordered = { tier: view.tier, progress: { pages_total: 4, pages_done: 1 }, status: view.status, job_id: view.job_id, slot_usage: view.slot_usage };
    expect(jobEntityTag(reordered as unknown as Job)).toBe(jobEntityTag(view));
  });
});

describe('entityTagMatches', () => {
  it('compares weakly, in lists, and takes * for any', () => {
    expect(entityTagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(entityTagMatches('"a"', 'W/"a"')).toBe(true);
    expect(entityTagMatches('"x", W/"a"', 'W/"a"')).toBe(true);
    expect(entityTagMatches('*', 'W/"a"')).toBe(true);
    expect(entityTagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(entityTagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
