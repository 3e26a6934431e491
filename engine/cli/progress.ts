/**
 * One status line on stderr while `p2m convert` runs: files and pages done,
 * pages per second and the estimated time left. Drawn only when stderr is a
 * terminal; piped or redirected, it writes nothing.
 */
import type { PageProgress } from './convert-file.ts';

/** What the CLI reports as it goes; `done` clears the line. */
export type Progress = {
  pages(input: string, p: PageProgress): void;
  fileDone(input: string): void;
  /** Clears the line before another message is written, so the two do not mix. */
  clear(): void;
  done(): void;
};

/** One input and its size in bytes: bytes weight the time estimate. */
export type SizedFile = { input: string; size: number };

const QUIET: Progress = { pages: () => undefined, fileDone: () => undefined, clear: () => undefined, done: () => undefined };
const REDRAW_MS = 100;

/** `m:ss` or `h:mm:ss`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

/** A status line for `files`; quiet unless `stream` is a terminal. `now` is injectable for tests. */
export function progressBar(files: readonly SizedFile[], stream: NodeJS.WriteStream, now: () => number = Date.now): Progress {
  if (!stream.isTTY) return QUIET;
  const start = now();
  const sizes = new Map(files.map((f) => [f.input, Math.max(1, f.size)]));
  const totalBytes = [...sizes.values()].reduce((a, b) => a + b, 0);
  const running = new Map<string, PageProgress>();
  let filesDone = 0;
  let bytesDone = 0;
  let pagesFinished = 0;
  let lastDraw = -Infinity;

  const line = (label: string): string => {
    const seconds = (now() - start) / 1000;
    let pages = pagesFinished;
    let bytes = bytesDone;
    for (const [input, p] of running) {
      pages += p.pagesDone;
      bytes += (sizes.get(input) ?? 0) * (p.pagesTotal > 0 ? p.pagesDone / p.pagesTotal : 0);
    }
    const parts = [`files ${filesDone}/${files.length}`, `pages ${pages}`];
    if (seconds >= 1) parts.push(`${(pages / seconds).toFixed(1)} pages/s`);
    const share = bytes / totalBytes;
    if (seconds >= 1 && share > 0 && share < 1) parts.push(`ETA ${formatDuration((seconds * (1 - share)) / share)}`);
    const name = label.length > 40 ? `…${label.slice(-39)}` : label;
    return `${parts.join(' · ')}${name ? ` · ${name}` : ''}`;
  };
  const draw = (label: string, force = false): void => {
    if (!force && now() - lastDraw < REDRAW_MS) return;
    lastDraw = now();
    stream.write(`\r${line(label)}\x1b[K`);
  };
  return {
    pages(input, p) {
      running.set(input, p);
      draw(input);
    },
    fileDone(input) {
      pagesFinished += running.get(input)?.pagesDone ?? 0;
      running.delete(input);
      filesDone++;
      bytesDone += sizes.get(input) ?? 0;
      draw(input, true);
    },
    clear: () => void stream.write('\r\x1b[K'),
    done: () => void stream.write('\r\x1b[K'),
  };
}
