import { describe, expect, it } from 'vitest';
import { createLocalWakeup } from '../wakeup/wakeup.ts';
import { JobWatches } from './job-watches.ts';

describe('JobWatches', () => {
  it('wakes on its own job only, remembers an announcement made before the wait, and times out otherwise', async () => {
    const wakeup = createLocalWakeup();
    const watches = new JobWatches(wakeup, 10);
    const watch = watches.watch('a')!;
    wakeup.notifyJob('a');
    expect(await watch.next(60_000)).toBe('announced');
    const next = watch.next(60_000);
    wakeup.notifyJob('b');
    wakeup.notifyJob('a');
    expect(await next).toBe('announced');
    expect(await watch.next(1)).toBe('timeout');
    watch.close();
    expect(watches.open).toBe(0);
  });

  it('opens at most maxOpen watches, and a closed or aborted wait frees its place', async () => {
    const wakeup = createLocalWakeup();
    const watches = new JobWatches(wakeup, 1);
    const first = watches.watch('a')!;
    expect(watches.watch('b')).toBeNull();
    const ctl = new AbortController();
    const waiting = first.next(60_000, ctl.signal);
    ctl.abort();
    expect(await waiting).toBe('aborted');
    first.close();
    expect(watches.watch('b')).not.toBeNull();
  });
});
