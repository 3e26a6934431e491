/**
 * The extension's icon, drawn at build time as a PNG (no image files to keep
 * in the repository): a blue rounded square with a white page whose lower
 * right shows a downward arrow, the Markdown mark's "↓".
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
const BLUE: Rgba = [37, 99, 235, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

function pixel(x: number, y: number, s: number): Rgba {
  const u = x / s;
  const v = y / s;
  const r = 0.18; // corner radius as a share of the side
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return CLEAR;
  const onPage = u > 0.25 && u < 0.75 && v > 0.18 && v < 0.82;
  const arrowStem = Math.abs(u - 0.5) < 0.05 && v > 0.32 && v < 0.6;
  const arrowHead = v >= 0.55 && v < 0.72 && Math.abs(u - 0.5) < 0.72 - v;
  if (onPage && (arrowStem || arrowHead)) return BLUE;
  return onPage ? WHITE : BLUE;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A square RGBA PNG of the icon, `size` pixels wide. */
export function iconPng(size: number): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    for (let x = 0; x < size; x++) rows.set(pixel(x + 0.5, y + 0.5, size), row + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
