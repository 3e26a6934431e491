/**
 * A row of authors read as a table: two or three centred stacks of name,
 * affiliation, city and e-mail whose lines share baselines across the stacks
 * (acmart's sigconf sets its last author row so), which the whitespace
 * detectors take for columns under a header row. Where the page's centred
 * stacks (stages/centred-stacks.ts) make a group whose every stack is headed
 * by a name set larger than the lines under it, and that group holds all of
 * a detected table's text, it is the author grid, read stack by stack.
 */
import type { Line, TextRun } from '../model.ts';
import { centredStacks } from '../stages/centred-stacks.ts';
import type { Detected } from './table-parts.ts';

/** Whether every run of the whitespace table `t` lies in one group of named stacks among the page's `lines`. */
export function isAuthorGrid(t: Detected, lines: readonly Line[]): boolean {
  return centredStacks(lines).some((g) => {
    if (!g.named) return false;
    const runs = new Set<TextRun>([...g.rows].flatMap((l) => l.runs));
    return [...t.runs].every((r) => runs.has(r));
  });
}
