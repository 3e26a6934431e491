import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressWrites } from './progress-writes.ts';

type Value = { pages: number; pagesDone: number };

/** A write that takes `ms` of (fake) time and remembers what it wrote. */
function recorder(ms = 5) {
  const written: Value[] = [];
  const write = (v: Value) => new Promise<void>((r) => setTimeout(() => (written.push(v), r()), ms));
  return { written, write };
}

describe('progressWrites', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('writes the first value at once and then at most one value per interval, the latest', async () => {
    const { written, write } = recorder();
    const p = progressWrites(write, 1000);
    for (let page = 1; page <= 5; page++) {
      p.record(20, page);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(written).toEqual([{ pages: 20, pagesDone: 1 }]);
    await vi.advanceTimersByTimeAsync(510); // a second after the first write began, and that write done
    expect(written).toEqual([{ pages: 20, pagesDone: 1 }, { pages: 20, pagesDone: 5 }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toHaveLength(2); // nothing new, nothing written
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
    p.record(9, 1);
    p.record(9, 2);
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
