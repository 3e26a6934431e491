import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressWrites } from './progress-writes.ts';

type Value = { pages: number; pagesDone: number };

/** A write that takes `ms` of (fake) time and remembers what it wrote. */
function recorder(ms = 5) {
  const written: Value[] = [];
  const write = (v: Value) => new Promise<void>((r) => setTimeout(() => (written.push(v), r()), ms));
  return { written, write };
}

/** Pages 1..n of a `total`-page document done one every `stepMs`, each reported to `p`. */
async function convertPages(p: ReturnType<typeof progressWrites>, total: number, n: number, stepMs: number) {
  for (let page = 1; page <= n; page++) {
    p.record(total, page);
    await vi.advanceTimersByTimeAsync(stepMs);
  }
}

describe('progressWrites', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('writes nothing for a conversion done within the interval', async () => {
    const { written, write } = recorder();
    const p = progressWrites(write, 1000);
    await convertPages(p, 12, 12, 8);
    await p.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toEqual([]);
  });

  it('writes the latest value one interval after the start, then at most one value per interval', async () => {
    const { written, write } = recorder();
    const p = progressWrites(write, 1000);
    await convertPages(p, 100, 25, 100);
    // Pages 1-10 came in the first second (the 10th at 900 ms): written at 1000, done at 1005.
    // Pages 11-20 came by 1900: written at 2000. At 2500, page 25 waits for 3000.
    expect(written).toEqual([{ pages: 100, pagesDone: 10 }, { pages: 100, pagesDone: 20 }]);
    await vi.advanceTimersByTimeAsync(600);
    expect(written.at(-1)).toEqual({ pages: 100, pagesDone: 25 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toHaveLength(3); // nothing new, nothing written
  });

  it('writes each value when the interval is 0, one write at a time', async () => {
    const { written, write } = recorder(10);
    const p = progressWrites(write, 0);
    p.record(3, 1);
    p.record(3, 2); // overtaken while the first is in flight
    p.record(3, 3);
    await vi.advanceTimersByTimeAsync(100);
    expect(written).toEqual([{ pages: 3, pagesDone: 1 }, { pages: 3, pagesDone: 3 }]);
  });

  it('stop drops a waiting value and waits for the write in flight', async () => {
    const { written, write } = recorder(50);
    const p = progressWrites(write, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    p.record(9, 1); // past the interval: written at once
    p.record(9, 2); // waits for the next interval
    let stopped = false;
    const stopping = p.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false); // the first write is still in flight
    await vi.advanceTimersByTimeAsync(40);
    await stopping;
    p.record(9, 3); // after stop: ignored
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toEqual([{ pages: 9, pagesDone: 1 }]);
  });
});
