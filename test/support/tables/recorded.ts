/**
 * Pages recorded from real PDFs as the tables stage receives them (runs and
 * rules, and shaded areas where the reader gave them), for tests of what a generator cannot easily draw the same way.
 * Fixtures live in ./fixtures; a run's font name and direction are not kept.
 */
import { readFileSync } from 'node:fs';
import type { Box, Doc, Line, Rule, TextRun } from '../../../engine/model.ts';
import { doc } from './pages.ts';

type Recorded = { width: number; height: number; rules: Rule[]; shaded?: Box[]; lines: Omit<TextRun, 'fontName' | 'dir'>[][] };

/** The recorded page `name` (a file in ./fixtures) as a one-page document. */
export function recordedPage(name: string): Doc {
  const rec = JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Recorded;
  const lines: Line[] = rec.lines.map((rs) => {
    const runs = rs.map((r): TextRun => ({ ...r, fontName: 'Serif', dir: 'ltr' }));
    const box: Box = { x0: Math.min(...runs.map((r) => r.box.x0)), y0: Math.min(...runs.map((r) => r.box.y0)), x1: Math.max(...runs.map((r) => r.box.x1)), y1: Math.max(...runs.map((r) => r.box.y1)) };
    return { runs, box };
  });
  return doc({ number: 1, width: rec.width, height: rec.height, runs: lines.flatMap((l) => l.runs), rules: rec.rules, ...(rec.shaded ? { shaded: rec.shaded } : {}), lines, blocks: [] });
}
