/**
 * The verdict tables of the last polling runs (bench/POLLING.md, written by
 * `npm run bench:poll`), for RESULTS.md: one table per database, or a line
 * saying the benchmark has not been run.
 */
import fs from 'node:fs';

const SECTIONS = [
  ['pglite', 'Embedded default (PGlite)'],
  ['postgres', 'PostgreSQL + Redis'],
] as const;

/** The `| | p2m | target | met |` table of each section of pollingMd. */
export function pollingSummary(pollingMd: string | null): string {
  if (pollingMd === null) return 'Not run yet: `npm run bench:poll`.';
  const parts = SECTIONS.map(([key, title]) => {
    const m = new RegExp(`<!-- poll:${key} -->([\\s\\S]*?)<!-- /poll:${key} -->`).exec(pollingMd);
    const table = m?.[1]?.split('\n').filter((l) => l.startsWith('|')).slice(-6) ?? [];
    const verdict = table.findIndex((l) => l.startsWith('| | p2m |'));
    return verdict < 0 ? `**${title}**: not run.` : `**${title}**\n\n${table.slice(verdict).join('\n')}`;
  });
  return parts.join('\n\n');
}

/** pollingSummary of the file at path, if it exists. */
export function pollingSummaryOf(path: string): string {
  return pollingSummary(fs.existsSync(path) ? fs.readFileSync(path, 'utf8') : null);
}
