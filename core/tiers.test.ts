import { describe, expect, it } from 'vitest';
import { DEFAULT_TIERS, JSON_UPLOAD_FILE_BYTES, resolveTiers, TierName } from './tiers.ts';

describe('tier table', () => {
  it('every limit of every tier is a finite number or a named choice', () => {
    for (const name of TierName.options) {
      for (const [k, v] of Object.entries(resolveTiers(undefined)[name])) {
        if (typeof v === 'number') expect(Number.isFinite(v), `${name}.${k}`).toBe(true);
      }
    }
  });

  it('the JSON body cap holds a base64 PDF of JSON_UPLOAD_FILE_BYTES (or the tier\'s largest, if smaller), well below the multipart cap', () => {
    for (const t of Object.values(DEFAULT_TIERS)) {
      expect(t.jsonBodyBytes).toBeGreaterThan((Math.min(t.maxFileBytes, JSON_UPLOAD_FILE_BYTES) * 4) / 3);
      expect(t.jsonBodyBytes).toBeLessThan(t.maxFileBytes * 0.6);
    }
  });

  it('env values apply to every tier; P2M_TIERS wins for its tier', () => {
    const tiers = resolveTiers(JSON.stringify({ pro: { inlineMarkdownBytes: 5000, recentJobsListed: 7 } }), {
      jsonBodyBytes: 2048,
      inlineMarkdownBytes: 4096,
    });
    expect([tiers.free.jsonBodyBytes, tiers.pro.jsonBodyBytes]).toEqual([2048, 2048]);
    expect([tiers.free.inlineMarkdownBytes, tiers.pro.inlineMarkdownBytes]).toEqual([4096, 5000]);
    expect([tiers.free.recentJobsListed, tiers.pro.recentJobsListed]).toEqual([3, 7]);
  });

  it('refuses a limit that is not a positive finite integer', () => {
    expect(() => resolveTiers(JSON.stringify({ free: { jsonBodyBytes: -1 } }))).toThrow();
    expect(() => resolveTiers(JSON.stringify({ free: { recentJobsListed: 1e9 } }))).toThrow();
  });
});
