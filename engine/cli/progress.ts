/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal.
 */

/** Draws progress and clears itself when done. */
export type Progress = { tick(label: string): void; done(): void };

/** A bar for `total` files; a no-op when `stream` is not a TTY. */
export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total <= 1) return { tick: () => undefined, done: () => undefined };
  let n = 0;
  const draw = (label: string) => {
    const width = 24;
    const fill = Math.round((n / total) * width);
    const name = label.length > 40 ? '…' + label.slice(-39) : label;
    stream.write(`\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${n}/${total} ${name}\x1b[K`);
  };
  draw('');
  return {
    tick(label) { n++; draw(label); },
    done() { stream.write('\r\x1b[K'); },
  };
}
