/**
 * Child side of {@link runChild}: a child ends as soon as the process that
 * started it is gone, even while its own event loop is busy converting. Its
 * parent's watcher kills it (parent-watch.ts); where the parent has none,
 * a thread of the child's own does.
 */
import { Worker } from 'node:worker_threads';
import { WATCH_ENV } from './parent-watch.ts';

// A thread of its own: a conversion can hold the main thread for a long time
// (a 'disconnect' event would wait for it), but this check still runs. When
// the parent dies the child is re-parented, so its ppid changes.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.ppid) process.kill(process.pid, 'SIGKILL');
}, workerData.everyMs);
`;

/**
 * Exits when the IPC channel closes; SIGKILLed at once by its parent's watcher
 * when the parent dies (parent-watch.ts), or where the parent has none, by
 * this child's own thread within `everyMs`.
 */
export function dieWithParent(everyMs = 250): void {
  process.once('disconnect', () => process.exit(0));
  if (process.env[WATCH_ENV] === 'sh') return;
  new Worker(WATCHDOG, { eval: true, workerData: { ppid: process.ppid, everyMs } }).unref();
}
