/**
 * Child side of {@link runChild}: a child ends as soon as the process that
 * started it is gone, even while its own event loop is busy converting.
 */
import { Worker } from 'node:worker_threads';

// A thread of its own: a conversion can hold the main thread for a long time
// (a 'disconnect' event would wait for it), but this check still runs. When
// the parent dies the child is re-parented, so its ppid changes.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.ppid) process.kill(process.pid, 'SIGKILL');
}, workerData.everyMs);
`;

/** Exits when the IPC channel closes, and SIGKILLs itself within `everyMs` of its parent dying. */
export function dieWithParent(everyMs = 250): void {
  process.once('disconnect', () => process.exit(0));
  new Worker(WATCHDOG, { eval: true, workerData: { ppid: process.ppid, everyMs } }).unref();
}
