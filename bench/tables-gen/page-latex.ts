/**
 * Writes a generated page as a LaTeX document for pdflatex: Computer Modern
 * at 10, 11 or 12 pt on A4, tables as tabulars (centred or flush left),
 * newspaper columns with multicol, side labels as parboxes, charts and
 * schematics in the picture environment (circuits' slanted strokes as raw PDF paths).
 */
import { BOX, FIG_H, FIG_W, PLOT, boxAt, type Chart, type Schematic } from './figures.ts';
import type { Block, PageDoc } from './page-model.ts';
import { circuitLatex } from './circuit.ts';
import { pageTables } from './page-model.ts';
import { rngFor, type Rng } from './random.ts';
import { outsideLatin, tableLatex, tex } from './table-latex.ts';

/** Whether pdflatex with the bench's packages can set the page (no Hebrew or Arabic text). */
export function latexCanSet(doc: PageDoc): boolean {
  const texts = [...pageTables(doc.blocks).flatMap((t) => t.cells.map((c) => c.text)), ...doc.blocks.map((b) => ('text' in b ? b.text : ''))];
  return doc.dir === 'ltr' && !texts.some(outsideLatin);
}

const n2 = (x: number): string => (Math.round(x * 100) / 100).toString();

function chartLatex(c: Chart): string {
  const { x0, y0, w, h } = PLOT;
  const Y = (y: number): string => n2(FIG_H - y);
  const p: string[] = [];
  for (let k = 0; k <= 4; k++) {
    const y = y0 + h - (k / 4) * h;
    p.push(`{\\color[gray]{0.6}\\put(${x0},${Y(y)}){\\line(1,0){${w}}}}`);
    p.push(`\\put(${x0 - 6},${Y(y)}){\\makebox(0,0)[r]{\\scriptsize ${(c.max * k) / 4}}}`);
  }
  p.push(`\\put(${x0},${Y(y0 + h)}){\\line(0,1){${h}}}`);
  const step = w / c.vals.length;
  const tops = c.vals.map((v, i) => ({ cx: x0 + step * (i + 0.5), top: y0 + h - (v / c.max) * h }));
  tops.forEach(({ cx, top }, i) => {
    if (c.bar) p.push(`\\put(${n2(cx - step * 0.3)},${Y(y0 + h)}){\\color[rgb]{0.36,0.5,0.69}\\rule{${n2(step * 0.6)}\\unitlength}{${n2(y0 + h - top)}\\unitlength}}`);
    else if (i > 0) {
      const a = tops[i - 1]!;
      p.push(`{\\color[rgb]{0.69,0.36,0.36}\\qbezier(${n2(a.cx)},${Y(a.top)})(${n2((a.cx + cx) / 2)},${Y((a.top + top) / 2)})(${n2(cx)},${Y(top)})}`);
    }
    p.push(`\\put(${n2(cx)},${Y(top - 4)}){\\makebox(0,0)[b]{\\tiny ${c.vals[i]}}}`);
    p.push(`\\put(${n2(cx)},${Y(y0 + h + 14)}){\\makebox(0,0)[b]{\\scriptsize ${tex(c.labels[i]!)}}}`);
  });
  p.push(`\\put(${x0 + w / 2},${Y(FIG_H - 20)}){\\makebox(0,0)[b]{\\scriptsize ${c.axis}}}`);
  p.push(`\\put(${x0 + w - 90},${Y(y0 + 10)}){\\color[rgb]{0.36,0.5,0.69}\\rule{8\\unitlength}{8\\unitlength}}`);
  p.push(`\\put(${x0 + w - 78},${Y(y0 + 10)}){\\makebox(0,0)[bl]{\\tiny Value in ${tex(c.unit)}}}`);
  return `\\begin{center}\\setlength{\\unitlength}{0.75pt}\\begin{picture}(${FIG_W},${FIG_H})\n${p.join('\n')}\n\\end{picture}\\end{center}`;
}

function schematicLatex(s: Schematic): string {
  const H = s.rows * (BOX.h + BOX.gy);
  const p: string[] = [];
  for (const b of s.boxes) {
    const { x, y, gx } = boxAt(s, b.i, b.j);
    p.push(`\\put(${n2(x)},${n2(H - y - BOX.h)}){\\framebox(${BOX.w},${BOX.h}){\\scriptsize ${b.name}}}`);
    if (b.right) p.push(`\\put(${n2(x + BOX.w)},${n2(H - y - BOX.h / 2)}){\\line(1,0){${n2(gx)}}}`);
    if (b.down) p.push(`\\put(${n2(x + BOX.w / 2)},${n2(H - y - BOX.h)}){\\line(0,-1){${BOX.gy}}}`);
    if (b.tag) p.push(`\\put(${n2(x + BOX.w + 4)},${n2(H - y - BOX.h / 2 + 4)}){\\makebox(0,0)[bl]{\\tiny ${b.tag}}}`);
  }
  return `\\begin{center}\\setlength{\\unitlength}{0.75pt}\\begin{picture}(${FIG_W},${H})\n${p.join('\n')}\n\\end{picture}\\end{center}`;
}

/**
 * A table (or tables side by side) scaled down to the line when wider, as an
 * author does with \\resizebox: otherwise pdflatex sets it past the paper's
 * edge, and the truth holds cells no reader can see.
 */
const fitted = (body: string): string =>
  `\\sbox0{${body}}\\ifdim\\wd0>\\linewidth\\resizebox{\\linewidth}{!}{\\usebox0}\\else\\usebox0\\fi`;

function blockLatex(b: Block, v: Rng, inColumns: boolean): string {
  switch (b.k) {
    case 'heading': return `\\section*{${tex(b.text)}}`;
    case 'para': return `${tex(b.text)}\n`;
    case 'caption': return `\\noindent\\textbf{${tex(b.label)}} ${tex(b.text)}\n`;
    case 'table': {
      const body = fitted(tableLatex(b.table.t, b.table.pad, v));
      return !inColumns && v.chance(0.6) ? `\\begin{center}\n${body}\n\\end{center}` : `\\par\\medskip\\noindent${body}\\par\\medskip`;
    }
    case 'side': return `\\par\\medskip\\noindent${fitted(b.tables.map((p) => tableLatex(p.t, p.pad, v)).join('\\hspace{24pt}'))}\\par\\medskip`;
    case 'columns': return `{\\setlength{\\columnsep}{${b.gapPt}pt}\\begin{multicols}{${b.n}}${b.align === 'left' ? '\\raggedright' : ''}\n`
      + `${b.blocks.map((x) => blockLatex(x, v, true)).join('\n')}\n\\end{multicols}}`;
    case 'side-label': return `\\noindent\\parbox[t]{7em}{\\raggedright\\textbf{${tex(b.label)}}}\\hspace{16pt}`
      + `\\parbox[t]{\\dimexpr\\linewidth-7em-16pt\\relax}{${tex(b.text)}}\\par\\vspace{8pt}`;
    case 'chart': return chartLatex(b.chart);
    case 'schematic': return schematicLatex(b.schematic);
    case 'circuit': return circuitLatex(b.circuit, tex);
  }
}

/** The LaTeX source of a page; `key` (the case id) picks the producer's own choices: class size, placement, number columns. */
export function pageLatex(doc: PageDoc, key: string): string {
  const v = rngFor(`latex:${key}`);
  const size = doc.sizePt <= 9 ? '10pt' : doc.sizePt <= 10 ? '11pt' : '12pt';
  return `\\documentclass[${size},a4paper]{article}
\\usepackage[margin=18mm]{geometry}
\\usepackage{textcomp,array,booktabs,dcolumn,multicol,graphicx}
\\usepackage[table]{xcolor}
\\setlength{\\parindent}{0pt}\\setlength{\\parskip}{0.6\\baselineskip}
\\begin{document}
${doc.blocks.map((b) => blockLatex(b, v, false)).join('\n')}
\\end{document}
`;
}
