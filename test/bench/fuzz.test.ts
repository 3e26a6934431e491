import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countBucket } from '../../bench/fuzz/coverage.ts';
import { mutate, Rng, splice } from '../../bench/fuzz/mutate.ts';
import { signature } from '../../bench/fuzz/fuzz-worker.ts';
import { shrink } from '../../bench/fuzz/minimize.ts';
import { contentTarget, hostContents } from '../../bench/fuzz/content-target.ts';
import { directReaderTarget, pdfObjectsTarget } from '../../bench/fuzz/targets.ts';
import { corpusDir } from '../support/corpus.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('fuzzer mutations', () => {
  it('splice clamps the cut to the input', () => {
    expect(text(splice(bytes('abcdef'), 2, 2, bytes('XY')))).toBe('abXYef');
    expect(text(splice(bytes('abc'), 2, 60, bytes('Z')))).toBe('abZ');
    expect(text(splice(bytes('abc'), 9, 1, bytes('Z')))).toBe('abcZ');
    expect(text(splice(new Uint8Array(), 0, 5, bytes('Z')))).toBe('Z');
  });

  it('are deterministic for a seed and never throw, down to empty inputs', () => {
    const parent = bytes('1 0 obj << /Length 5 >> stream\nhello\nendstream endobj');
    const run = (seed: number) => {
      const rng = new Rng(seed);
      const out: string[] = [];
      let cur: Uint8Array = parent;
      for (let i = 0; i < 2000; i++) {
        cur = mutate(cur.length ? cur : parent, rng, i % 2 ? parent : new Uint8Array());
        out.push(text(cur));
      }
      return out;
    };
    const a = run(7);
    expect(run(7)).toEqual(a);
    expect(run(8)).not.toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1000);
  });

  it('buckets hit counts like AFL: exact up to 3, then by power of two', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 15, 16, 1000].map(countBucket)).toEqual([0, 1, 2, 3, 5, 5, 6, 6, 7, 12]);
  });

  it('names a defect by type, message without numbers and the engine file that threw', () => {
    const err = new TypeError('cannot read 12 of undefined');
    err.stack = 'TypeError: x\n    at f (file:///r/bench/fuzz/x.ts:1:1)\n    at g (file:///r/engine/extract/pdf-objects/lexer.ts:40:7)';
    expect(signature(err)).toBe('TypeError: cannot read N of undefined @ engine/extract/pdf-objects/lexer.ts');
    expect(signature('boom')).toBe('non-error: boom');
  });
});

describe('finding minimisation', () => {
  it('removes every byte the defect does not need', async () => {
    const input = bytes(`${'x'.repeat(300)}B${'y'.repeat(77)}A${'z'.repeat(5)}D${'w'.repeat(1000)}`);
    const keeps = async (c: Uint8Array) => /B.*A.*D/.test(text(c));
    expect(text(await shrink(input, keeps))).toBe('BAD');
  });
});

// The targets run on the corpus: its hostile files, and a dev PDF as the content target's host.
const hostile = corpusDir('hostile');
describe.skipIf(!hostile || !corpusDir('dev', 'pdf'))('fuzz targets', () => {
  const files = hostile ? fs.readdirSync(hostile).filter((f) => f.endsWith('.pdf')).sort() : [];

  // The fuzzer's oracle: on the hostile corpus our readers refuse or succeed, never throw anything else.
  it('take every hostile corpus file without a defect', { timeout: 120_000 }, () => {
    for (const f of files) {
      const data = new Uint8Array(fs.readFileSync(path.join(hostile!, f)));
      expect(() => pdfObjectsTarget(data), f).not.toThrow();
      expect(() => directReaderTarget(data), f).not.toThrow();
    }
  });

  it('run the content target on its own seeds, and report a defect that is not a refusal', () => {
    const seeds = hostContents();
    expect(seeds.length).toBeGreaterThan(1);
    for (const c of seeds) expect(() => contentTarget(c)).not.toThrow();
    expect(() => directReaderTarget(null as unknown as Uint8Array)).toThrow(TypeError);
  });
});
