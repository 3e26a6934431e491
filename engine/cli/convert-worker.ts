/**
 * Child process body for `--jobs N`: converts the tasks it is sent, one at a
 * time, posts each outcome back, and exits when the parent disconnects.
 */
import { convertFile, type FileOptions } from './convert-file.ts';
import type { Task } from './plan.ts';

process.on('message', (msg: { task: Task; opts: FileOptions }) => {
  void convertFile(msg.task, msg.opts).then((outcome) => process.send?.(outcome));
});
process.on('disconnect', () => process.exit(0));
