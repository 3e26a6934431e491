import { describe, expect, it } from 'vitest';
import type { Page, TextRun } from '../model.ts';
import { tagsDisagree, withoutRoles } from './structure-check.ts';

const run = (text: string, fontSize: number, role?: string, bold = false): TextRun => ({
  text, fontSize, bold, italic: false, monospace: false, dir: 'ltr', fontName: 'F', box: { x0: 0, y0: 0, x1: 100, y1: fontSize }, ...(role ? { role } : {}),
});
const page = (runs: TextRun[]): Page => ({ number: 1, width: 600, height: 800, runs, rules: [], lines: [], blocks: [] });
const BODY = 'Body text of ordinary size, long enough to dominate the page.';

describe('tagsDisagree', () => {
  it('accepts a tree whose headings are the large text', () => {
    expect(tagsDisagree([page([run('Title', 20, 'H1'), run(BODY, 10, 'P'), run('Part', 14, 'H2'), run(BODY, 10, 'P')])])).toBeNull();
  });

  it('refuses a tree that covers little of the text', () => {
    expect(tagsDisagree([page([run('Title', 20, 'H1'), run(BODY, 10), run(BODY, 10)])])).toMatch(/covers too little/);
  });

  it('refuses a tree that calls small body text headings', () => {
    expect(tagsDisagree([page([run('note one', 8, 'H2'), run(BODY, 10, 'P'), run(BODY, 10, 'P')])])).toMatch(/body text as headings/);
  });

  it('refuses a tree that tags large headings as paragraphs', () => {
    expect(tagsDisagree([page([run('Installing the program', 18, 'P', true), run(BODY, 10, 'P'), run(BODY, 10, 'P')])])).toMatch(/headings as paragraphs/);
  });

  it('withoutRoles strips every role', () => {
    expect(withoutRoles([page([run('x', 10, 'P')])])[0]!.runs[0]).not.toHaveProperty('role');
  });
});
