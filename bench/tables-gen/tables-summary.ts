/**
 * The part of bench/TABLES.md between `<!-- tables:begin -->` and
 * `<!-- tables:end -->` (the results of bench/tables-gen), for RESULTS.md,
 * so a full bench run keeps them.
 */
import fs from 'node:fs';

/** The marked part of TABLES.md text, or a line saying it has not been run. */
export function tablesSummary(md: string | null): string {
  const m = md === null ? null : /<!-- tables:begin -->([\s\S]*?)<!-- tables:end -->/.exec(md);
  return m?.[1]?.trim() || 'Not run yet: `node bench/tables-gen/run.ts --seed dev` and `node bench/tables-gen/icdar-split.ts`.';
}

/** tablesSummary of the file at path, if it exists. */
export function tablesSummaryOf(path: string): string {
  return tablesSummary(fs.existsSync(path) ? fs.readFileSync(path, 'utf8') : null);
}
