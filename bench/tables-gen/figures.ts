/** Vector figures for the negatives: charts with axis and value labels, and box-and-wire schematics. */
import type { Rng } from './random.ts';
import { STUBS } from './words.ts';

const W = 460;
const H = 260;

/** A bar or line chart: gridlines, axis tick labels, category labels, value labels and a legend. */
export function chartSvg(r: Rng): string {
  const n = r.int(4, 9);
  const max = r.pick([50, 100, 200, 1000]);
  const vals = Array.from({ length: n }, () => Math.round(r.next() * max));
  const x0 = 50;
  const y0 = 20;
  const h = H - 70;
  const w = W - 70;
  const bar = r.chance(0.6);
  const parts: string[] = [];
  for (let k = 0; k <= 4; k++) {
    const y = y0 + h - (k / 4) * h;
    parts.push(`<line x1="${x0}" y1="${y}" x2="${x0 + w}" y2="${y}" stroke="#999" stroke-width="0.5"/>`);
    parts.push(`<text x="${x0 - 6}" y="${y + 3}" font-size="9" text-anchor="end">${(max * k) / 4}</text>`);
  }
  parts.push(`<line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y0 + h}" stroke="#000"/>`);
  const step = w / n;
  const pts: string[] = [];
  vals.forEach((v, i) => {
    const cx = x0 + step * (i + 0.5);
    const top = y0 + h - (v / max) * h;
    if (bar) parts.push(`<rect x="${cx - step * 0.3}" y="${top}" width="${step * 0.6}" height="${y0 + h - top}" fill="#5b7fb0"/>`);
    else pts.push(`${cx},${top}`);
    parts.push(`<text x="${cx}" y="${top - 4}" font-size="8" text-anchor="middle">${v}</text>`);
    parts.push(`<text x="${cx}" y="${y0 + h + 14}" font-size="9" text-anchor="middle">${r.chance(0.5) ? 2010 + i : STUBS[i]!.slice(0, 8)}</text>`);
  });
  if (!bar) parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#b05b5b" stroke-width="1.5"/>`);
  parts.push(`<text x="${x0 + w / 2}" y="${H - 20}" font-size="9" text-anchor="middle">${r.pick(['Year', 'Country', 'Quarter'])}</text>`);
  parts.push(`<rect x="${x0 + w - 90}" y="${y0 + 2}" width="8" height="8" fill="#5b7fb0"/><text x="${x0 + w - 78}" y="${y0 + 10}" font-size="8">Value in ${r.pick(['EUR', '%', 'tonnes'])}</text>`);
  return `<svg width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/** A schematic: labelled boxes on a loose grid joined by wires, as xfig or draw.io makes them. */
export function schematicSvg(r: Rng): string {
  const cols = r.int(2, 4);
  const rows = r.int(2, 3);
  const parts: string[] = [];
  const bw = 80;
  const bh = 30;
  const gx = (W - cols * bw) / (cols + 1);
  const gy = 40;
  const pos = (i: number, j: number): [number, number] => [gx + i * (bw + gx), 10 + j * (bh + gy)];
  const names = ['Input', 'Filter', 'Buffer', 'Decoder', 'Clock', 'Memory', 'Output', 'Control', 'Sensor', 'Driver', 'Bus', 'Power'];
  let k = r.int(0, names.length - 1);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const [x, y] = pos(i, j);
      parts.push(`<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="none" stroke="#000"/>`);
      parts.push(`<text x="${x + bw / 2}" y="${y + bh / 2 + 3}" font-size="9" text-anchor="middle">${names[k++ % names.length]}</text>`);
      if (i + 1 < cols) parts.push(`<line x1="${x + bw}" y1="${y + bh / 2}" x2="${x + bw + gx}" y2="${y + bh / 2}" stroke="#000"/>`);
      if (j + 1 < rows && r.chance(0.5)) parts.push(`<line x1="${x + bw / 2}" y1="${y + bh}" x2="${x + bw / 2}" y2="${y + bh + gy}" stroke="#000"/>`);
      if (r.chance(0.3)) parts.push(`<text x="${x + bw + 4}" y="${y + bh / 2 - 4}" font-size="7">${r.pick(['5V', 'CLK', 'D0', 'IRQ', '12 MHz'])}</text>`);
    }
  }
  const h = rows * (bh + gy);
  return `<svg width="${W}" height="${h}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}
