/**
 * Child process body for `--jobs N`: converts the files it is sent, one at a
 * time, reporting page progress and answering each with its outcome. It dies
 * with the CLI (isolate/die-with-parent.ts).
 */
import { dieWithParent } from '../../isolate/die-with-parent.ts';
import { saveCompileCache } from '../../isolate/compile-cache.ts';
import { convertFile, type PageProgress } from './convert-file.ts';
import { outcomeMessage, type FileMessage, type FileRequest } from './child-messages.ts';

/**
 * Page progress is sent at most this often (ms), and always for a file's last
 * page. The status line redraws no more often (progress.ts REDRAW_MS), and a
 * message for every page cost the batch about 2 % of its CPU time in IPC.
 */
export const PROGRESS_EVERY_MS = 100;

const send = (m: FileMessage): Promise<void> => new Promise((resolve) => void process.send?.(m, undefined, {}, () => resolve()));

/** A progress reporter for one file: its first message waits PROGRESS_EVERY_MS, so a quick file sends only its last page. */
function throttledProgress(): (p: PageProgress) => void {
  let last = Date.now();
  return (p) => {
    const t = Date.now();
    if (p.pagesDone < p.pagesTotal && t - last < PROGRESS_EVERY_MS) return;
    last = t;
    void send({ type: 'progress', ...p });
  };
}

if (import.meta.main) {
  dieWithParent();
  let files = 0;
  process.on('message', (req: FileRequest) => {
    void (async () => {
      await send({ type: 'started' });
      const outcome = await convertFile(req.task, req.opts, throttledProgress());
      // Once, after the first file (the modules it loaded on demand included), and
      // before its answer: the last answer may be followed by the kill at once.
      if (++files === 1) saveCompileCache();
      await send(outcomeMessage(outcome));
    })();
  });
}
