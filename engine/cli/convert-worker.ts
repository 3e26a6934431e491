/**
 * Child process body for `--jobs N`: converts the files it is sent, one at a
 * time, reporting page progress and answering each with its outcome. It dies
 * with the CLI (isolate/die-with-parent.ts).
 */
import { dieWithParent } from '../../isolate/die-with-parent.ts';
import { convertFile } from './convert-file.ts';
import { outcomeMessage, type FileMessage, type FileRequest } from './child-messages.ts';

const send = (m: FileMessage): Promise<void> => new Promise((resolve) => void process.send?.(m, undefined, {}, () => resolve()));

if (import.meta.main) {
  dieWithParent();
  process.on('message', (req: FileRequest) => {
    void (async () => {
      await send({ type: 'started' });
      const outcome = await convertFile(req.task, req.opts, (p) => void send({ type: 'progress', ...p }));
      await send(outcomeMessage(outcome));
    })();
  });
}
