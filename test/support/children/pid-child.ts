/**
 * Test child: serves conversion requests one after another, as a warm
 * conversion child does, answering each with Markdown that names its own
 * process id, how many requests it has served and whether a secret of the
 * parent's environment reached it, and whether V8 runs it single-threaded. `{ type: 'rss', mb }` in the request's
 * options makes it report that resident memory.
 */
let served = 0;
if (import.meta.main) {
  process.on('message', (req: { options?: { reportRssMb?: number } }) => {
    served++;
    const single = process.execArgv.includes('--single-threaded');
    const markdown = `pid ${process.pid} request ${served} secret ${process.env.P2M_SECRET_KEY ?? process.env.DATABASE_URL ?? 'none'} single ${single}`;
    const result = { markdown, pages: 1, pagesDone: 1, truncated: false };
    process.send?.({ type: 'started' });
    process.send?.({ type: 'done', result, rssMb: req.options?.reportRssMb ?? 50 });
  });
}
