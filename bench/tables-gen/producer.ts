/**
 * A producer draws the cases of a seed to PDF: Chromium from HTML, pdflatex
 * from LaTeX, LibreOffice Writer from a flat ODF text document, LibreOffice
 * Calc from a flat ODF spreadsheet. A producer whose program is missing is
 * skipped with the line that installs it; nothing is downloaded at run time.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Case } from './cases.ts';

export type ProducerName = 'chromium' | 'latex' | 'writer' | 'calc';

export type Producer = {
  name: ProducerName;
  /** How to install the program (Debian packages). */
  install: string;
  /** Why the producer cannot run here, or null. */
  missing(): string | null;
  /** Whether the producer can draw the case (pdflatex sets no Hebrew or Arabic; a sheet has no running text). */
  draws(c: Case): boolean;
  /** Writes `<out>/pdf/<id>.pdf` for every case. */
  render(cases: readonly Case[], out: string): Promise<void>;
};

/** The path of an executable of that name on PATH (or the path itself when executable), or null. */
export function onPathAt(cmd: string): string | null {
  const dirs = cmd.includes('/') ? [''] : (process.env.PATH ?? '').split(delimiter);
  for (const d of dirs) {
    const path = d ? join(d, cmd) : cmd;
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here: the next folder of PATH
    }
  }
  return null;
}

/** Whether an executable of that name is on PATH (or the path itself is executable). */
export function onPath(cmd: string): boolean {
  return onPathAt(cmd) !== null;
}
