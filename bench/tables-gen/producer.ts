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

/** Whether an executable of that name is on PATH (or the path itself is executable). */
export function onPath(cmd: string): boolean {
  const dirs = cmd.includes('/') ? [''] : (process.env.PATH ?? '').split(delimiter);
  return dirs.some((d) => {
    try {
      accessSync(d ? join(d, cmd) : cmd, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
