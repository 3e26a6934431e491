/**
 * The line protocol the bench's own drivers (bench/drivers/*) print, one
 * line per document: `ok<TAB>id<TAB>seconds` or `err<TAB>id<TAB>reason`.
 * Tools run as-is (p2m's CLI, opendataloader-pdf) print their own logs;
 * for those, progress is seen by the output file appearing instead.
 */

export type Progress = { id: string; status: 'ok' } | { id: string; status: 'failed'; reason: string };

export function parseProgressLine(line: string): Progress | undefined {
  const [tag, id, rest] = line.split('\t');
  if (!id) return undefined;
  if (tag === 'ok') return { id, status: 'ok' };
  if (tag === 'err') return { id, status: 'failed', reason: (rest ?? 'error').slice(0, 300) };
  return undefined;
}
