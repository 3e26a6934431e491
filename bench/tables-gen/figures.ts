/** Vector figures for the negatives: charts with axis and value labels, and box-and-wire schematics. */
import type { Rng } from './random.ts';
import { STUBS } from './words.ts';

/** Figure size in CSS px (= pt × 4/3 when printed). */
export const FIG_W = 460;
export const FIG_H = 260;

/** A bar or line chart's data: values, category labels, axis title and legend unit. */
export type Chart = { max: number; vals: number[]; bar: boolean; labels: string[]; axis: string; unit: string };

export function makeChart(r: Rng): Chart {
  const n = r.int(4, 9);
  const max = r.pick([50, 100, 200, 1000]);
  const vals = Array.from({ length: n }, () => Math.round(r.next() * max));
  const bar = r.chance(0.6);
  const labels = vals.map((_, i) => (r.chance(0.5) ? String(2010 + i) : STUBS[i]!.slice(0, 8)));
  return { max, vals, bar, labels, axis: r.pick(['Year', 'Country', 'Quarter']), unit: r.pick(['EUR', '%', 'tonnes']) };
}

/** The plot area of a chart in figure coordinates (y down). */
export const PLOT = { x0: 50, y0: 20, w: FIG_W - 70, h: FIG_H - 70 } as const;

/** A chart: gridlines, axis tick labels, category labels, value labels and a legend. */
export function chartSvg(input: Rng | Chart): string {
  const c = 'next' in input ? makeChart(input) : input;
  const { x0, y0, w, h } = PLOT;
  const n = c.vals.length;
  const parts: string[] = [];
  for (let k = 0; k <= 4; k++) {
    const y = y0 + h - (k / 4) * h;
    parts.push(`<line x1="${x0}" y1="${y}" x2="${x0 + w}" y2="${y}" stroke="#999" stroke-width="0.5"/>`);
    parts.push(`<text x="${x0 - 6}" y="${y + 3}" font-size="9" text-anchor="end">${(c.max * k) / 4}</text>`);
  }
  parts.push(`<line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y0 + h}" stroke="#000"/>`);
  const step = w / n;
  const pts: string[] = [];
  c.vals.forEach((v, i) => {
    const cx = x0 + step * (i + 0.5);
    const top = y0 + h - (v / c.max) * h;
    if (c.bar) parts.push(`<rect x="${cx - step * 0.3}" y="${top}" width="${step * 0.6}" height="${y0 + h - top}" fill="#5b7fb0"/>`);
    else pts.push(`${cx},${top}`);
    parts.push(`<text x="${cx}" y="${top - 4}" font-size="8" text-anchor="middle">${v}</text>`);
    parts.push(`<text x="${cx}" y="${y0 + h + 14}" font-size="9" text-anchor="middle">${c.labels[i]}</text>`);
  });
  if (!c.bar) parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#b05b5b" stroke-width="1.5"/>`);
  parts.push(`<text x="${x0 + w / 2}" y="${FIG_H - 20}" font-size="9" text-anchor="middle">${c.axis}</text>`);
  parts.push(`<rect x="${x0 + w - 90}" y="${y0 + 2}" width="8" height="8" fill="#5b7fb0"/><text x="${x0 + w - 78}" y="${y0 + 10}" font-size="8">Value in ${c.unit}</text>`);
  return `<svg width="${FIG_W}" height="${FIG_H}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** A schematic's boxes on a loose grid: name, wires to the right and down, and an optional pin label. */
export type Schematic = { cols: number; rows: number; boxes: { i: number; j: number; name: string; right: boolean; down: boolean; tag: string | null }[] };

export const BOX = { w: 80, h: 30, gy: 40 } as const;

export function makeSchematic(r: Rng): Schematic {
  const cols = r.int(2, 4);
  const rows = r.int(2, 3);
  const names = ['Input', 'Filter', 'Buffer', 'Decoder', 'Clock', 'Memory', 'Output', 'Control', 'Sensor', 'Driver', 'Bus', 'Power'];
  let k = r.int(0, names.length - 1);
  const boxes: Schematic['boxes'] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const down = j + 1 < rows && r.chance(0.5);
      const tag = r.chance(0.3) ? r.pick(['5V', 'CLK', 'D0', 'IRQ', '12 MHz']) : null;
      boxes.push({ i, j, name: names[k++ % names.length]!, right: i + 1 < cols, down, tag });
    }
  }
  return { cols, rows, boxes };
}

/** Top-left corner of box (i, j) and the horizontal gap between boxes. */
export function boxAt(s: Schematic, i: number, j: number): { x: number; y: number; gx: number } {
  const gx = (FIG_W - s.cols * BOX.w) / (s.cols + 1);
  return { x: gx + i * (BOX.w + gx), y: 10 + j * (BOX.h + BOX.gy), gx };
}

/** A schematic as xfig or draw.io makes them: labelled boxes joined by wires. */
export function schematicSvg(input: Rng | Schematic): string {
  const s = 'next' in input ? makeSchematic(input) : input;
  const parts: string[] = [];
  const { w: bw, h: bh, gy } = BOX;
  for (const b of s.boxes) {
    const { x, y, gx } = boxAt(s, b.i, b.j);
    parts.push(`<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="none" stroke="#000"/>`);
    parts.push(`<text x="${x + bw / 2}" y="${y + bh / 2 + 3}" font-size="9" text-anchor="middle">${b.name}</text>`);
    if (b.right) parts.push(`<line x1="${x + bw}" y1="${y + bh / 2}" x2="${x + bw + gx}" y2="${y + bh / 2}" stroke="#000"/>`);
    if (b.down) parts.push(`<line x1="${x + bw / 2}" y1="${y + bh}" x2="${x + bw / 2}" y2="${y + bh + gy}" stroke="#000"/>`);
    if (b.tag) parts.push(`<text x="${x + bw + 4}" y="${y + bh / 2 - 4}" font-size="7">${b.tag}</text>`);
  }
  const h = s.rows * (bh + gy);
  return `<svg width="${FIG_W}" height="${h}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}
