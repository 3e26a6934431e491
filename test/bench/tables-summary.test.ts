import { describe, expect, it } from 'vitest';
import { tablesSummary } from '../../bench/tables-gen/tables-summary.ts';
import { literalSites, numericLiterals } from '../../bench/tables-gen/count-constants.ts';
import { countTables } from '../../bench/tables-gen/summary.ts';
import { truthXml } from '../../bench/tables-gen/truth-xml.ts';
import { makeTable } from '../../bench/tables-gen/table-model.ts';
import { rng } from '../../bench/tables-gen/random.ts';

describe('tables bench helpers', () => {
  it('takes the marked part of TABLES.md, or says it was not run', () => {
    expect(tablesSummary('intro\n<!-- tables:begin -->\n| a |\n<!-- tables:end -->\nrest')).toBe('| a |');
    expect(tablesSummary(null)).toMatch(/Not run yet/);
  });

  it('counts numeric literals, not comments, strings, regexes or midpoint halving', () => {
    expect(numericLiterals('const A = 0.7; // 12\nconst s = "3 4"; const r = /\\d{1,3}/; const m = (a + b) / 2; x > 2')).toEqual(['0.7', '2']);
  });

  it('tells the literals a comment documents from the bare ones', () => {
    const src = [
      '/** Half an em. */',
      'export const HALF_EM = 0.5;',
      'const GAP = 3; // points',
      'const TOL = 4;',
      '// a comment above a statement is not enough',
      'if (x > 7) y = 9; // but a trailing one is',
      'const f = (x: number) => x > 6;',
      '/** A function, not a value. */',
      'const g = (x: number) => x > 8;',
      'const a = /* x */ 5;',
    ].join('\n');
    expect(literalSites(src).map((s) => `${s.value}@${s.line}:${s.documented ? 'doc' : 'bare'}`)).toEqual([
      '0.5@1:doc', '3@2:doc', '4@3:bare', '7@5:doc', '9@5:doc', '6@6:bare', '8@8:bare', '5@9:doc',
    ]);
    expect(numericLiterals('x = a/* c */2 / 2;')).toEqual(['2']);
    // Two halvings on a line are not a regular expression between them.
    expect(numericLiterals('y = (a + b) / 2 > t && (c + d) / 2 < 3 && /x{4}/.test(s);')).toEqual(['3']);
  });

  it('counts pipe and HTML tables in Markdown', () => {
    expect(countTables('| a | b |\n| --- | --- |\n| 1 | 2 |\n\ntext\n\n<table><tr><td>x</td></tr></table>')).toBe(2);
    expect(countTables('a | b\nno table')).toBe(0);
  });

  it('writes ICDAR truth with spans and without empty cells, the same for the same seed', () => {
    const t = makeTable(rng(7), 'grid', { spanning: true, groups: true }, 6);
    const xml = truthXml('x', [t]);
    expect(xml).toBe(truthXml('x', [makeTable(rng(7), 'grid', { spanning: true, groups: true }, 6)]));
    expect(xml.match(/<cell /g)!.length).toBe(t.cells.filter((c) => c.text.trim() !== '').length);
    const spanned = t.cells.find((c) => c.cs > 1);
    if (spanned) expect(xml).toContain(`start-col='${spanned.c}' end-col='${spanned.c + spanned.cs - 1}'`);
  });
});
