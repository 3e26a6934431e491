import { describe, expect, it } from 'vitest';
import { furniture } from './furniture.ts';
import { sideHeadRuns, textBlock } from './side-heads.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import type { Line, TextRun } from '../model.ts';
import { doc, line, page, run } from '../../test/engine/build.ts';
import { lineText, unionBox } from '../geometry.ts';

const BODY = 'Body text of the article runs across the whole measure here.'; // 300 pt wide at x 100

/** A body line at y with, on the same baseline, side runs beside it (merged into it, as the lines stage does). */
function bodyLine(y: number, side: TextRun[] = []): Line {
  const runs = [run(BODY, 100, y), ...side];
  return { runs, box: unionBox(runs.map((r) => r.box)) };
}

/** An Emerald-like page: the running head and the folio in the outer margin, right on odd pages, left on even ones. */
function emeraldPage(n: number, bodyLines = 40): ReturnType<typeof page> {
  const x = n % 2 === 1 ? 450 : 20;
  const head = n % 2 === 1 ? ['Shift work', 'interventions'] : ['ER', '29,2'];
  const side: Record<number, TextRun[]> = {
    100: [run(head[0]!, x, 100)],
    112: [run(head[1]!, x, 112)],
    160: [run(String(160 + n), x, 160)],
  };
  const lines = Array.from({ length: bodyLines }, (_, i) => bodyLine(100 + 12 * i, side[100 + 12 * i]));
  return page(n, lines);
}

const texts = (p: ReturnType<typeof page>) => p.lines.map(lineText);

describe('side-margin running heads', () => {
  it('the text block is where nearly all characters are, not the side head beside it', () => {
    const [x0, x1] = textBlock(emeraldPage(1).lines.flatMap((l) => l.runs))!;
    // Within an em of the body's edges (x 100–400), well short of the head at x 450.
    expect(x0).toBeGreaterThanOrEqual(100);
    expect(x0).toBeLessThan(110);
    expect(x1).toBeGreaterThan(390);
    expect(x1).toBeLessThanOrEqual(400);
  });

  it('drops the running head and the folio in the outer margin from the body lines they share baselines with', () => {
    const out = furniture.run(doc([1, 2, 3, 4, 5, 6].map((n) => emeraldPage(n))), DEFAULT_CONFIG);
    for (const p of out.pages) expect(texts(p)).toEqual(Array(40).fill(BODY));
  });

  it('takes the head at its place on a page of little text, where no text block stands beside it', () => {
    // Page 10 holds two body lines only: its side head is a twentieth of its characters.
    const pages = Array.from({ length: 9 }, (_, i) => emeraldPage(i + 1));
    const sparse = emeraldPage(10, 2);
    expect(textBlock(sparse.lines.flatMap((l) => l.runs))![0]).toBeLessThan(100);
    const out = furniture.run(doc([...pages, sparse]), DEFAULT_CONFIG);
    expect(texts(out.pages[9]!)).toEqual([BODY, BODY]);
  });

  it('keeps a margin note that does not recur, and side text of a single page', () => {
    const pages = [1, 2, 3].map((n) => page(n, [bodyLine(100), bodyLine(112), bodyLine(124), ...Array.from({ length: 17 }, (_, i) => bodyLine(136 + 12 * i))]));
    pages[1]!.lines[0] = bodyLine(100, [run(`Note ${'abc'}`, 450, 100)]);
    expect(texts(furniture.run(doc(pages), DEFAULT_CONFIG).pages[1]!)[0]).toBe(`${BODY}Note abc`);
    const single = emeraldPage(1);
    expect(texts(furniture.run(doc([single]), DEFAULT_CONFIG).pages[0]!)[0]).toContain('Shift work');
  });

  it('leaves a folio that ends a running header inside the text block to its header, though pages of short lines leave it beside them', () => {
    // Four pages of code-like short lines (x 100–250) of ten: the folio at x 395 is beside the block only there.
    const pages = Array.from({ length: 10 }, (_, i) => {
      const n = i + 1;
      const header = line([`Section ${n > 5 ? 2 : 1} title`, run(String(n), 395, 100)], 100, 100);
      const text = n <= 4 ? 'short line of code here, xyz.' : BODY;
      return page(n, [header, ...Array.from({ length: 20 }, (_, k) => line([text], 100, 124 + 12 * k))]);
    });
    // The side-head pass leaves the folio to its header; set apart above the text, the header goes whole (furniture.ts).
    const folios = new Set(pages.map((p) => p.lines[0]!.runs[1]!));
    expect([...sideHeadRuns(pages, 2, 0.12)].filter((r) => folios.has(r))).toEqual([]);
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    out.pages.forEach((p, i) => expect(texts(p)).toEqual(Array(20).fill(i < 4 ? 'short line of code here, xyz.' : BODY)));
  });

  it('leaves a folio that starts a running header set apart above indented text to its header', () => {
    // lshort's even pages: "26   Typesetting Text" across the top, the text below indented past the folio.
    const pages = Array.from({ length: 10 }, (_, i) => {
      const n = 20 + i;
      const header = line([run(String(n), 100, 100), run('Typesetting Text', 320, 100)], 100, 100);
      return page(i + 1, [header, ...Array.from({ length: 40 }, (_, k) => line([BODY.slice(0, 52)], 140, 130 + 12 * k))]);
    });
    const folios = new Set(pages.map((p) => p.lines[0]!.runs[0]!));
    expect([...sideHeadRuns(pages, 2, 0.12)].filter((r) => folios.has(r))).toEqual([]);
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    out.pages.forEach((p) => expect(texts(p)).toEqual(Array(40).fill(BODY.slice(0, 52))));
  });

  it('keeps the line of a short second column, beside its own page\'s block but not beside the usual one', () => {
    // Two columns (x 100–290, 310–500); on four pages of ten the second column holds one line, the same one.
    const col = 'Text of a column of a two-column page.'; // 190 pt wide
    const pages = Array.from({ length: 10 }, (_, i) => {
      const short = [1, 2, 4, 7].includes(i + 1);
      const lines = Array.from({ length: 40 }, (_, k) => {
        const right = short ? (k === 5 ? [run('- objects - An Array', 310, 100 + 12 * k)] : []) : [run(col, 310, 100 + 12 * k)];
        const runs = [run(col, 100, 100 + 12 * k), ...right];
        return { runs, box: unionBox(runs.map((r) => r.box)) };
      });
      return page(i + 1, lines);
    });
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    expect(texts(out.pages[0]!)[5]).toBe(`${col}- objects - An Array`);
  });

  it('keeps a bracket a line starts with and a lone letter in the margin, though they recur at one height', () => {
    // Octave's manual: "[v1, v2] = fscanf" outdented past the text, and "h = plot" with its h set apart.
    const pages = Array.from({ length: 10 }, (_, i) => {
      const body = Array.from({ length: 40 }, (_, k) => bodyLine(100 + 12 * k));
      const bracket = [run('[', 60, 220), run('v1, v2] = fscanf (fid)', 65, 220)];
      const letter = [run('h', 60, 340), run('= plot (x, y)', 100, 340)];
      body[10] = { runs: bracket, box: unionBox(bracket.map((r) => r.box)) };
      body[20] = { runs: letter, box: unionBox(letter.map((r) => r.box)) };
      return page(i + 1, body);
    });
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    for (const p of out.pages) {
      expect(texts(p)[10]).toBe('[v1, v2] = fscanf (fid)');
      expect(texts(p)[20]).toBe('h= plot (x, y)');
    }
  });

  it('keeps side heads when furniture is kept', () => {
    const out = furniture.run(doc([1, 2, 3, 4].map((n) => emeraldPage(n))), { ...DEFAULT_CONFIG, furniture: 'keep' });
    expect(texts(out.pages[0]!)[0]).toContain('Shift work');
  });
});
