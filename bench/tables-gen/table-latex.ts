/**
 * Draws a generated table as a LaTeX `tabular` in its rule style: `\hline`
 * grids and boxes, booktabs rules with `\cmidrule` under spanning headers,
 * colortbl row shading; `p{}` columns for wrapping text and, for some
 * tables, dcolumn's decimal-aligned number columns. Row spans are set the
 * way tables without multirow set them: raised into the middle of their rows.
 */
import type { Rng } from './random.ts';
import type { Pad } from './page-model.ts';
import type { GenCell, GenTable } from './table-model.ts';

/** LaTeX text for plain words, numbers and the few symbols the vocabulary uses. */
export function tex(s: string): string {
  return s.replace(/[\\{}&%$#_~^]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '~' ? '\\textasciitilde{}' : c === '^' ? '\\textasciicircum{}' : `\\${c}`))
    // Text-mode minus and dagger need TS1 fonts (Type 3 bitmaps without cm-super, no Unicode map: the truth's `†`
    // would be unreadable to any extractor): use the math ones (cmsy, Type 1 with glyph names), as most sources do.
    .replace(/†/g, '$\\dagger$').replace(/−/g, '$-$');
}

/** Characters pdflatex cannot set without language packages this bench does not install (Hebrew, Arabic). */
export const outsideLatin = (s: string): boolean => /[\u0590-\u08ff]/.test(s);

const PLAIN_NUMBER = /^[-+−]?[\d,]+(\.\d+)?([*†]| \((p|e)\))?$/;

/** A number in a dcolumn cell (math mode): minus as math minus, commas braced so they add no space, marks as superscripts. */
function dnum(s: string): string {
  const m = /^([-+−]?)([\d,.]+)(.*)$/.exec(s)!;
  const mark = m[3] === '*' ? '^{*}' : m[3] === '†' ? '^{\\dagger}' : m[3] ? `\\mbox{${m[3]}}` : '';
  return `${m[1] === '−' ? '-' : m[1]}${m[2]!.replace(/,/g, '{,}')}${mark}`;
}

/** \tabcolsep and \arraystretch for a padding: the horizontal part as the gap, the vertical part as extra row height. */
function spacing(pad: Pad): { sep: string; stretch: number } {
  const [v, h] = pad.split(' ').map((x) => parseFloat(x)) as [number, number];
  return { sep: `${h}pt`, stretch: 1 + v / 10 };
}

/** The rule drawn under row `r` in the table's style, or ''. */
function ruleUnder(t: GenTable, r: number, head: number, spanning: boolean, cells: readonly GenCell[]): string {
  const ruled = t.style === 'grid' || t.style === 'header-rule' || t.style === 'box-header';
  if (r === head - 1) return t.style === 'booktabs' ? '\\midrule' : ruled ? '\\hline' : '';
  if (r < head - 1 && spanning) {
    const spans = cells.filter((c) => c.cs > 1).map((c) => `${c.c + 1}-${c.c + c.cs}`);
    return t.style === 'booktabs' ? spans.map((x) => `\\cmidrule(lr){${x}}`).join('') : ruled ? `\\cline{2-${t.nCols}}` : '';
  }
  if (r === t.nRows - 1) return t.style === 'booktabs' ? '\\bottomrule' : t.style === 'grid' || t.style === 'box-header' ? '\\hline' : '';
  return t.style === 'grid' ? '\\hline' : '';
}

export function tableLatex(t: GenTable, pad: Pad, v: Rng): string {
  const { sep, stretch } = spacing(pad);
  const head = Math.min(...t.cells.filter((c) => !c.head).map((c) => c.r));
  const body = t.cells.filter((c) => !c.head);
  const decimal = Array.from({ length: t.nCols }, (_, c) => c > 0 && c !== t.wrapCol
    && body.filter((x) => x.c === c).every((x) => PLAIN_NUMBER.test(x.text)) && v.chance(0.4));
  const colType = (c: number): string => (c === 0 ? 'l' : c === t.wrapCol ? 'p{11em}' : decimal[c] ? 'D{.}{.}{-1}' : 'r');
  const bars = t.style === 'grid' ? 'all' : t.style === 'box-header' ? 'outer' : 'none';
  const spec = bars === 'all' ? `|${Array.from({ length: t.nCols }, (_, c) => colType(c)).join('|')}|`
    : bars === 'outer' ? `|${Array.from({ length: t.nCols }, (_, c) => colType(c)).join('')}|`
      : Array.from({ length: t.nCols }, (_, c) => colType(c)).join('');
  // A spanning or header cell's own column spec, with the bars its edges carry.
  const cellSpec = (c: GenCell, align: string): string => {
    const left = (bars === 'all' || bars === 'outer') && c.c === 0 ? '|' : '';
    const right = bars === 'all' || (bars === 'outer' && c.c + c.cs === t.nCols) ? '|' : '';
    return `${left}${align}${right}`;
  };
  const lines: string[] = [];
  const top = t.style === 'booktabs' ? '\\toprule' : t.style === 'grid' || t.style === 'box-header' ? '\\hline' : '';
  if (top) lines.push(top);
  const spanning = t.cells.some((c) => c.head && c.cs > 1);
  let bodyIndex = 0;
  for (let r = 0; r < t.nRows; r++) {
    const cells = t.cells.filter((c) => c.r === r).sort((a, b) => a.c - b.c);
    const group = t.groupStarts.includes(r);
    if (group && t.style === 'booktabs') lines.push('\\addlinespace[1.1em]');
    const out: string[] = [];
    for (let c = 0; c < t.nCols;) {
      const cell = cells.find((x) => x.c === c);
      // Under a row-spanning cell: its text, raised into the middle of the rows it spans (the last of them).
      const above = t.cells.find((x) => x.c === c && x.rs > 1 && x.r < r && x.r + x.rs > r);
      if (above) {
        const raise = (0.5 * stretch * (above.rs - 1)).toFixed(2);
        out.push(r === above.r + above.rs - 1 ? `\\raisebox{${raise}\\normalbaselineskip}[0pt][0pt]{\\textbf{${tex(above.text)}}}` : '');
        c++;
        continue;
      }
      if (!cell) { out.push(''); c++; continue; }
      let text = cell.head ? (cell.text ? `\\textbf{${tex(cell.text)}}` : '') : decimal[c] ? dnum(cell.text) : tex(cell.text);
      if (group && c === 0 && t.style !== 'booktabs') text = `\\rule{0pt}{${(1.1 + 0.75 * stretch).toFixed(2)}em}${text}`;
      if (cell.rs > 1) text = '';
      if (cell.cs > 1) out.push(`\\multicolumn{${cell.cs}}{${cellSpec(cell, 'c')}}{${text}}`);
      else if (cell.head && c > 0 && (decimal[c] || c === t.wrapCol)) out.push(`\\multicolumn{1}{${cellSpec(cell, c === t.wrapCol ? 'l' : 'c')}}{${text}}`);
      else out.push(text);
      c += cell.cs;
    }
    const shade = t.style !== 'zebra' ? '' : r < head ? '\\rowcolor[gray]{0.78}' : (bodyIndex + 1) % 2 === 0 ? '\\rowcolor[gray]{0.89}' : '';
    if (r >= head) bodyIndex++;
    lines.push(`${shade}${out.join(' & ')} \\\\`);
    const rule = ruleUnder(t, r, head, spanning, cells);
    if (rule) lines.push(rule);
  }
  return `{\\setlength{\\tabcolsep}{${sep}}\\renewcommand{\\arraystretch}{${stretch}}%\n\\begin{tabular}[t]{${spec}}\n${lines.join('\n')}\n\\end{tabular}}`;
}
