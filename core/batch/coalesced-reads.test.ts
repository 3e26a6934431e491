import { describe, expect, it } from 'vitest';
import { CoalescedReads } from './coalesced-reads.ts';

/** A runner whose batches the test answers by hand. */
function manualRunner(maxBatch?: number) {
  const batches: { keys: readonly string[]; answer(m: Record<string, number>): void; fail(e: unknown): void }[] = [];
  const run = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      batches.push({ keys, answer: (m) => resolve(new Map(Object.entries(m))), fail: reject });
    });
  return { batches, reads: new CoalescedReads<string, number>(run, (k) => k, maxBatch) };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('CoalescedReads', () => {
  it('answers reads asked for together with one batch of the distinct keys; identical reads share', async () => {
    const { batches, reads } = manualRunner();
    const got = Promise.all([reads.load('a'), reads.load('b'), reads.load('a'), reads.load('x')]);
    await tick();
    expect(batches.map((b) => b.keys)).toEqual([['a', 'b', 'x']]);
    batches[0]!.answer({ a: 1, b: 2 });
    expect(await got).toEqual([1, 2, 1, undefined]);
  });

  it('puts at most maxBatch distinct keys in one statement; the others go in the next batch', async () => {
    const { batches, reads } = manualRunner(2);
    const got = Promise.all(['a', 'b', 'c', 'a'].map((k) => reads.load(k)));
    await tick();
    expect(batches.map((b) => b.keys)).toEqual([['a', 'b']]);
    batches[0]!.answer({ a: 1, b: 2 });
    await tick();
    await tick();
    expect(batches.map((b) => b.keys)).toEqual([['a', 'b'], ['c']]);
    batches[1]!.answer({ c: 3 });
    expect(await got).toEqual([1, 2, 3, 1]);
    expect(() => new CoalescedReads(async () => new Map(), String, 0)).toThrow(RangeError);
  });

  it('never answers a read from a batch that started before it was asked', async () => {
    const { batches, reads } = manualRunner();
    const first = reads.load('a');
    await tick();
    const second = reads.load('a');
    await tick();
    // The first batch is under way: the second read waits for a batch of its own.
    expect(batches).toHaveLength(1);
    batches[0]!.answer({ a: 1 });
    expect(await first).toBe(1);
    await tick();
    expect(batches.map((b) => b.keys)).toEqual([['a'], ['a']]);
    batches[1]!.answer({ a: 2 });
    expect(await second).toBe(2);
  });

  it('fails every read of a failed batch, and the next batch still runs', async () => {
    const { batches, reads } = manualRunner();
    const failed = Promise.allSettled([reads.load('a'), reads.load('b')]);
    await tick();
    const later = reads.load('c');
    batches[0]!.fail(new Error('down'));
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await tick();
    batches[1]!.answer({ c: 3 });
    expect(await later).toBe(3);
  });
});
