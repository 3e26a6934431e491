/**
 * A circuit drawing for the negatives, as xfig draws one: component symbols
 * (zigzag resistors, diodes, transistors in a circle, op-amp triangles) with
 * their names and values beside them, joined by wires, and under them a
 * column of notes beside a chip's pin drawing and a transistor's leads. Its
 * labels line up in columns and its notes beside the pin numbers read like
 * a two-column table; its strokes bend and slant, where a table's rules do not.
 * One drawing model, drawn by Chromium (SVG) and pdflatex (raw PDF paths).
 */
import type { Rng } from './random.ts';
import { FIG_W } from './figures.ts';
import { sentence } from './words.ts';

type Pt = [number, number];
/** A stroke (open or closed polyline), a circle, or a label; figure coordinates in CSS px, y down. */
export type Mark =
  | { t: 'line'; pts: Pt[]; closed?: boolean }
  | { t: 'circle'; c: Pt; r: number }
  | { t: 'text'; at: Pt; size: number; s: string; anchor: 'start' | 'middle' };
export type Circuit = { h: number; marks: Mark[] };

const KINDS = ['resistor', 'capacitor', 'diode', 'transistor', 'opamp'] as const;
const PREFIX = { resistor: 'R', capacitor: 'C', diode: 'D', transistor: 'Q', opamp: 'U' } as const;
const VALUES = { resistor: ['10k', '5k1', '3k9', '1k0', '75k', '0.2 ohm'], capacitor: ['100n', '16u', '4u7'], diode: ['1N4148', '1N4001'], transistor: ['TIP120', 'BC547'], opamp: ['LM324', 'TL072'] } as const;

/** A symbol centred at (x, y), 40 px wide, its leads at x ± 20. */
function symbol(kind: (typeof KINDS)[number], x: number, y: number): Mark[] {
  switch (kind) {
    case 'resistor': return [{ t: 'line', pts: [[x - 20, y], [x - 12, y], ...[0, 1, 2, 3, 4, 5].map((k): Pt => [x - 10 + k * 4, y + (k % 2 ? 5 : -5)]), [x + 12, y], [x + 20, y]] }];
    case 'capacitor': return [{ t: 'line', pts: [[x - 20, y], [x - 3, y]] }, { t: 'line', pts: [[x - 3, y - 9], [x - 3, y + 9]] }, { t: 'line', pts: [[x + 3, y - 9], [x + 3, y + 9]] }, { t: 'line', pts: [[x + 3, y], [x + 20, y]] }];
    case 'diode': return [{ t: 'line', pts: [[x - 20, y], [x - 8, y]] }, { t: 'line', pts: [[x - 8, y - 8], [x - 8, y + 8], [x + 7, y]], closed: true }, { t: 'line', pts: [[x + 7, y - 8], [x + 7, y + 8]] }, { t: 'line', pts: [[x + 7, y], [x + 20, y]] }];
    case 'transistor': return [{ t: 'circle', c: [x, y], r: 13 }, { t: 'line', pts: [[x - 20, y], [x - 5, y]] }, { t: 'line', pts: [[x - 5, y - 8], [x - 5, y + 8]] }, { t: 'line', pts: [[x - 5, y - 3], [x + 8, y - 11], [x + 8, y - 18]] }, { t: 'line', pts: [[x - 5, y + 3], [x + 8, y + 11], [x + 8, y + 18]] }];
    case 'opamp': return [{ t: 'line', pts: [[x - 14, y - 16], [x - 14, y + 16], [x + 16, y]], closed: true }, { t: 'text', at: [x - 11, y - 5], size: 7, s: '+', anchor: 'start' }, { t: 'text', at: [x - 11, y + 10], size: 7, s: '-', anchor: 'start' }];
  }
}

export function makeCircuit(r: Rng): Circuit {
  const marks: Mark[] = [];
  const cols = r.int(3, 4);
  const count: Record<string, number> = {};
  const gx = (FIG_W - 40) / cols;
  for (let j = 0; j < 2; j++) {
    const y = 30 + j * 60;
    for (let i = 0; i < cols; i++) {
      const kind = r.pick(KINDS);
      const x = 20 + gx * (i + 0.5);
      count[kind] = (count[kind] ?? 0) + 1;
      marks.push(...symbol(kind, x, y));
      marks.push({ t: 'text', at: [x - 18, y - 12], size: 7, s: `${PREFIX[kind]}${count[kind]}`, anchor: 'start' });
      marks.push({ t: 'text', at: [x - 18, y + 22], size: 7, s: r.pick(VALUES[kind]), anchor: 'start' });
      if (i + 1 < cols) marks.push({ t: 'line', pts: [[x + 20, y], [x + gx - 20, y]] });
    }
  }
  // Notes on the left, a chip's pins and a transistor's leads on the right.
  const top = 150;
  const notes = ['NOTES:', ...Array.from({ length: r.int(4, 6) }, () => sentence(r, r.int(5, 9)))];
  notes.forEach((s, k) => marks.push({ t: 'text', at: [10, top + 10 + k * 11], size: 7, s, anchor: 'start' }));
  const pins = r.pick([4, 6, 8]) / 2;
  const chipX = 300, chipH = pins * 12 + 6;
  marks.push({ t: 'text', at: [chipX + 12, top], size: 7, s: 'U1', anchor: 'start' });
  marks.push({ t: 'line', pts: [[chipX, top + 6], [chipX + 36, top + 6], [chipX + 36, top + 6 + chipH], [chipX, top + 6 + chipH]], closed: true });
  for (let k = 0; k < pins; k++) {
    const y = top + 15 + k * 12;
    marks.push({ t: 'circle', c: [chipX + 5, y], r: 2 }, { t: 'circle', c: [chipX + 31, y], r: 2 });
    marks.push({ t: 'text', at: [chipX - 9, y + 3], size: 6, s: String(k + 1), anchor: 'start' });
    marks.push({ t: 'text', at: [chipX + 40, y + 3], size: 6, s: String(2 * pins - k), anchor: 'start' });
  }
  marks.push(...symbol('transistor', 410, top + 25), { t: 'text', at: [403, top + 2], size: 7, s: 'Q1', anchor: 'start' });
  marks.push({ t: 'text', at: [395, top + 58], size: 7, s: 'B C E', anchor: 'start' });
  return { h: top + 20 + Math.max(notes.length * 11, chipH + 50), marks };
}

const n2 = (x: number): string => (Math.round(x * 100) / 100).toString();
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function circuitSvg(c: Circuit): string {
  const parts = c.marks.map((m) => {
    if (m.t === 'line') return `<${m.closed ? 'polygon' : 'polyline'} points="${m.pts.map((p) => p.map(n2).join(',')).join(' ')}" fill="none" stroke="#000"/>`;
    if (m.t === 'circle') return `<circle cx="${n2(m.c[0])}" cy="${n2(m.c[1])}" r="${m.r}" fill="none" stroke="#000"/>`;
    return `<text x="${n2(m.at[0])}" y="${n2(m.at[1])}" font-size="${m.size}" text-anchor="${m.anchor}">${esc(m.s)}</text>`;
  });
  return `<svg width="${FIG_W}" height="${c.h}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** Bézier handle length for a quarter circle, as a share of the radius. */
const KAPPA = 0.5523;

/** The drawing for pdflatex: strokes as raw PDF path operators (no package draws slanted lines without dots), labels as \put boxes. */
export function circuitLatex(c: Circuit, tex: (s: string) => string): string {
  const S = 0.75; // CSS px → pt, as \unitlength is set
  const X = (x: number): string => n2(x * S);
  const Y = (y: number): string => n2((c.h - y) * S);
  const ops: string[] = ['0.6 w'];
  const puts: string[] = [];
  for (const m of c.marks) {
    if (m.t === 'line') ops.push(`${m.pts.map((p, i) => `${X(p[0])} ${Y(p[1])} ${i ? 'l' : 'm'}`).join(' ')} ${m.closed ? 's' : 'S'}`);
    else if (m.t === 'circle') {
      const [x, y] = m.c, r = m.r, k = KAPPA * r;
      ops.push(`${X(x + r)} ${Y(y)} m ${X(x + r)} ${Y(y + k)} ${X(x + k)} ${Y(y + r)} ${X(x)} ${Y(y + r)} c ${X(x - k)} ${Y(y + r)} ${X(x - r)} ${Y(y + k)} ${X(x - r)} ${Y(y)} c`
        + ` ${X(x - r)} ${Y(y - k)} ${X(x - k)} ${Y(y - r)} ${X(x)} ${Y(y - r)} c ${X(x + k)} ${Y(y - r)} ${X(x + r)} ${Y(y - k)} ${X(x + r)} ${Y(y)} c S`);
    } else puts.push(`\\put(${n2(m.at[0])},${n2(c.h - m.at[1])}){\\makebox(0,0)[${m.anchor === 'middle' ? 'b' : 'bl'}]{\\tiny ${tex(m.s)}}}`);
  }
  return `\\begin{center}\\setlength{\\unitlength}{0.75pt}\\begin{picture}(${FIG_W},${n2(c.h)})\n\\put(0,0){\\pdfliteral{${ops.join(' ')}}}\n${puts.join('\n')}\n\\end{picture}\\end{center}`;
}
