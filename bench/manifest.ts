/**
 * The corpus manifest (dev/manifest.tsv): one row per PDF. The bench needs
 * only a few columns; the raw line is kept so a subset can be written back
 * verbatim for the scorer when `--limit` is used.
 */
import { readFile, writeFile } from 'node:fs/promises';

export type ManifestRow = { id: string; source: string; producer: string; pages: number; raw: string };
export type Manifest = { header: string; rows: ManifestRow[] };

const NEEDED = ['id', 'source', 'producer', 'pages'] as const;

/** Parses manifest TSV text; throws on a missing column or a bad page count. */
export function parseManifest(text: string): Manifest {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const header = lines[0];
  if (header === undefined) throw new Error('manifest is empty');
  const cols = header.split('\t');
  const at = Object.fromEntries(NEEDED.map((c) => [c, cols.indexOf(c)])) as Record<(typeof NEEDED)[number], number>;
  for (const c of NEEDED) if (at[c] < 0) throw new Error(`manifest has no "${c}" column`);
  const rows = lines.slice(1).map((raw, i) => {
    const f = raw.split('\t');
    const pages = Number(f[at.pages]);
    if (!Number.isInteger(pages) || pages < 0) throw new Error(`manifest line ${i + 2}: bad pages "${f[at.pages]}"`);
    return { id: f[at.id] ?? '', source: f[at.source] ?? '', producer: f[at.producer] ?? '', pages, raw };
  });
  return { header, rows };
}

export async function loadManifest(path: string): Promise<Manifest> {
  return parseManifest(await readFile(path, 'utf8'));
}

/** Writes the subset the bench actually ran, so the scorer does not count skipped PDFs as empty predictions. */
export async function writeManifest(path: string, m: Manifest): Promise<void> {
  await writeFile(path, [m.header, ...m.rows.map((r) => r.raw)].join('\n') + '\n');
}

export function totalPages(rows: readonly ManifestRow[]): number {
  return rows.reduce((s, r) => s + r.pages, 0);
}
