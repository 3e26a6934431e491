import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatDuration, progressBar } from './progress.ts';

function terminal(isTTY: boolean) {
  let written = '';
  const stream = Object.assign(
    new Writable({
      write(chunk, _e, cb) {
        written += String(chunk);
        cb();
      },
    }),
    { isTTY },
  ) as unknown as NodeJS.WriteStream;
  // The last state drawn: what a terminal shows after the carriage returns.
  const shown = () => written.split('\r').at(-1)!.replace('\x1b[K', '');
  return { stream, shown, written: () => written };
}

describe('p2m convert progress', () => {
  it('on a terminal shows files and pages done, the page rate and the time left', () => {
    let t = 0;
    const tty = terminal(true);
    const bar = progressBar([{ input: 'a.pdf', size: 100 }, { input: 'b.pdf', size: 300 }], tty.stream, () => t);
    t = 2_000;
    bar.pages('a.pdf', { pagesDone: 10, pagesTotal: 10 });
    bar.fileDone('a.pdf');
    // a.pdf (a quarter of the bytes) took 2 s at 5 pages/s: three quarters left take 6 s.
    expect(tty.shown()).toBe('files 1/2 · pages 10 · 5.0 pages/s · ETA 0:06 · a.pdf');
    t = 4_000;
    bar.pages('b.pdf', { pagesDone: 10, pagesTotal: 30 });
    expect(tty.shown()).toBe('files 1/2 · pages 20 · 5.0 pages/s · ETA 0:04 · b.pdf');
    bar.done();
    expect(tty.shown()).toBe('');
  });

  it('redraws at most ten times a second', () => {
    let t = 5_000;
    const tty = terminal(true);
    const bar = progressBar([{ input: 'a.pdf', size: 1 }], tty.stream, () => t);
    for (let i = 1; i <= 50; i++) bar.pages('a.pdf', { pagesDone: i, pagesTotal: 100 });
    expect(tty.written().split('\r').length - 1).toBe(1);
    t += 100;
    bar.pages('a.pdf', { pagesDone: 51, pagesTotal: 100 });
    expect(tty.shown()).toContain('pages 51');
  });

  it('writes nothing when stderr is not a terminal', () => {
    const piped = terminal(false);
    const bar = progressBar([{ input: 'a.pdf', size: 1 }], piped.stream);
    bar.pages('a.pdf', { pagesDone: 1, pagesTotal: 2 });
    bar.fileDone('a.pdf');
    bar.done();
    expect(piped.written()).toBe('');
  });

  it('formats durations', () => {
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(3_725)).toBe('1:02:05');
  });
});
