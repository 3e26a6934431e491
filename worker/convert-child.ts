/**
 * Entry point of a conversion child process. It receives ConvertRequests one
 * at a time, runs the engine and answers each with the result or an engine
 * error code, and its resident memory. It runs in its own process so that a
 * hostile PDF that loops, exhausts memory or crashes native code takes down
 * only this child: the worker kills it and fails the one job. Between
 * requests it waits, warm, for the worker's next job (isolate/warm-children.ts).
 */
import { convert, EngineError } from '../engine/index.ts';
import { dieWithParent } from '../isolate/die-with-parent.ts';
import { saveCompileCache } from '../isolate/compile-cache.ts';
import type { ChildMessage, ConvertRequest } from './child-protocol.ts';

// Progress goes over IPC and then to the database: a few updates a second suffice.
const PROGRESS_EVERY_MS = 250;

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

let served = 0;

/** Converts one request and reports over IPC. */
export async function serveRequest(req: ConvertRequest): Promise<void> {
  let lastProgress = 0;
  await send({ type: 'started' });
  let answer: ChildMessage;
  try {
    const result = await convert(new Uint8Array(req.data.buffer, req.data.byteOffset, req.data.byteLength), {
      ocr: req.ocr,
      timeBudgetMs: req.timeBudgetMs,
      pages: { from: 1, to: req.maxPages },
      ...req.options,
      onProgress: ({ pagesDone, pagesTotal }) => {
        const now = Date.now();
        if (pagesDone < pagesTotal && now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        void send({ type: 'progress', pagesDone, pagesTotal });
      },
    });
    answer = { type: 'done', result, rssMb: rssMb() };
  } catch (err) {
    const code = err instanceof EngineError ? err.code : 'engine_failure';
    answer = { type: 'failed', code, message: err instanceof Error ? err.message : String(err), rssMb: rssMb() };
  }
  // Once, after the first conversion (with the modules it loaded on demand) and before its answer:
  // the worker ends a child with SIGKILL, and Node writes its compile cache only at a clean exit.
  if (++served === 1) saveCompileCache();
  await send(answer);
}

const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);

if (import.meta.main) {
  // A worker that dies (SIGKILL, crash) must not leave its children converting for nobody.
  dieWithParent();
  // The worker sends the next request only after this one's answer; chained all the same.
  let serving = Promise.resolve();
  process.on('message', (req: ConvertRequest) => {
    serving = serving.then(() => serveRequest(req));
  });
}
