/**
 * Worker thread body for `--jobs N`: converts the tasks it is sent, one at a
 * time, and posts each outcome back.
 */
import { parentPort } from 'node:worker_threads';
import { convertFile, type FileOptions } from './convert-file.ts';
import type { Task } from './plan.ts';

parentPort?.on('message', (msg: { task: Task; opts: FileOptions } | 'stop') => {
  if (msg === 'stop') {
    parentPort?.close();
    return;
  }
  void convertFile(msg.task, msg.opts).then((outcome) => parentPort?.postMessage(outcome));
});
