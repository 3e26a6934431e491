/**
 * Doc-level stage: in a right-to-left document (Hebrew or Arabic letters
 * outnumber Latin, Greek and Cyrillic ones), a table's columns are read from
 * right to left, so each row is emitted rightmost cell first. Detection builds
 * rows in page order (left to right); reversing a row mirrors the grid, spans
 * included: cells a rowspan covers are absent from the rows below, and the
 * remaining cells fill the mirrored free slots in reversed order.
 */
import type { Block, Cell } from '../model.ts';
import type { Stage } from '../stage.ts';
import { hasRtl, letterDirections } from '../stages/bidi-lines.ts';
import type { TableBlock } from './table-parts.ts';

const span = (c: Cell, k: 'colspan' | 'rowspan') => c[k] ?? 1;

/** The table with each row's cells in right-to-left order. */
export function mirrorTable(t: TableBlock): TableBlock {
  const spanned = t.rows.some((r) => r.some((c) => span(c, 'colspan') > 1 || span(c, 'rowspan') > 1));
  const width = Math.max(0, ...t.rows.map((r) => r.reduce((n, c) => n + span(c, 'colspan'), 0)));
  // Without spans a short row is short at its end (rendering pads it there):
  // pad it first, so its cells keep their columns once mirrored.
  const rows = t.rows.map((r) => {
    const full = spanned || r.length === 0 ? r : [...r, ...Array.from({ length: width - r.length }, (): Cell => ({ spans: [] }))];
    return [...full].reverse();
  });
  return { ...t, rows };
}

/** Mirrors every table of a right-to-left document; see the module comment. */
export const rtlColumns: Stage = {
  name: 'rtlColumns',
  run(doc) {
    // Counting every letter is the cost; a document without tables or without one right-to-left letter is left as it is.
    if (!doc.pages.some((p) => p.blocks.some((b) => b.kind === 'table'))) return doc;
    if (!doc.pages.some((p) => p.runs.some((r) => hasRtl(r.text)))) return doc;
    const { rtl, ltr } = letterDirections(doc.pages.flatMap((p) => p.runs));
    if (rtl <= ltr) return doc;
    const pages = doc.pages.map((p) => ({ ...p, blocks: p.blocks.map((b): Block => (b.kind === 'table' ? mirrorTable(b) : b)) }));
    return { ...doc, pages };
  },
};
