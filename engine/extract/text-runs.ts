/**
 * Text items (pdf.js's getTextContent shape, from pdf.js or the direct
 * reader) → TextRun[] in page space with a top-left origin, with structure
 * roles from marked content. Text drawn twice for a bold effect is read once
 * (overprint.ts).
 */
import type { TextRun } from '../model.ts';
import type { HiddenTextKind } from '../types.ts';
import type { ResolvedFont } from './document-fonts.ts';
import type { PageStructure } from './struct-roles.ts';
import { normaliseText } from './normalise-text.ts';
import { dropOverprint } from './overprint.ts';
import { maxOf, minOf } from '../numbers.ts';

type Matrix = [number, number, number, number, number, number];

/** Baselines this close to a right angle (degrees) count as that right angle. */
const SNAP_DEGREES = 5;

/** The fields of a text item this module reads. */
export type RunItem = { str: string; dir: string; width: number; height: number; transform: number[]; fontName: string; hidden?: HiddenTextKind };
/** The fields of a font style this module reads. */
export type RunStyle = { ascent: number; descent: number; vertical?: boolean };
/** A marked-content boundary (pdf.js: beginMarkedContent, beginMarkedContentProps, endMarkedContent). */
export type MarkedItem = { type: string; id?: string | null };

function multiply(m: Matrix, n: number[]): Matrix {
  const a = n[0] ?? 0, b = n[1] ?? 0, c = n[2] ?? 0, d = n[3] ?? 0, e = n[4] ?? 0, f = n[5] ?? 0;
  return [
    m[0] * a + m[2] * b, m[1] * a + m[3] * b,
    m[0] * c + m[2] * d, m[1] * c + m[3] * d,
    m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5],
  ];
}

/**
 * The baseline's direction in top-left page space, in degrees clockwise
 * (0 upright, 90 reading downwards, 270 reading upwards). Within a few
 * degrees of a right angle it is that right angle: a slightly skewed scan's
 * text layer reads as upright, with upright boxes.
 */
function baselineAngle(m: Matrix): number {
  const deg = (Math.atan2(m[1], m[0]) * 180) / Math.PI;
  const right = Math.round(deg / 90) * 90;
  const angle = Math.abs(deg - right) < SNAP_DEGREES ? right : deg;
  return Math.round((((angle % 360) + 360) % 360) * 100) / 100 % 360;
}

/** The page-space box of a run drawn along the baseline of `m`, whatever its rotation. */
function rotatedBox(m: Matrix, width: number, ascent: number, descent: number): TextRun['box'] {
  const len = Math.hypot(m[0], m[1]) || 1, up = Math.hypot(m[2], m[3]) || 1;
  const ux = m[0] / len, uy = m[1] / len, vx = m[2] / up, vy = m[3] / up;
  const xs: number[] = [], ys: number[] = [];
  for (const along of [0, width]) {
    for (const across of [ascent, -descent]) {
      xs.push(m[4] + ux * along + vx * across);
      ys.push(m[5] + uy * along + vy * across);
    }
  }
  return { x0: minOf(xs), y0: minOf(ys), x1: maxOf(xs), y1: maxOf(ys) };
}

function toRun(item: RunItem, vt: Matrix, style: RunStyle | undefined, font: ResolvedFont): TextRun | null {
  // Glyphs without text keep their place, whatever the reader made of them (control codes normalise away).
  const text = font.unmapped && item.str.trim() !== '' ? item.str : normaliseText(item.str);
  if (text.trim() === '') return null;
  const m = multiply(vt, item.transform);
  const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || 1;
  const ascent = style && style.ascent > 0 ? style.ascent : 0.8;
  const descent = style && style.descent < 0 ? -style.descent : 0.2;
  const vertical = style?.vertical === true;
  const rotation = vertical ? 0 : baselineAngle(m);
  let box;
  if (vertical) {
    // Vertical text: pdf.js reports the advance as height; the column is one em wide.
    box = { x0: m[4] - size / 2, y0: m[5], x1: m[4] + size / 2, y1: m[5] + Math.max(item.height, size) };
  } else if (rotation === 0) {
    // Upright (slanted glyphs included): the box stands on the baseline, as wide as the advance.
    box = { x0: m[4], y0: m[5] - ascent * size, x1: m[4] + item.width, y1: m[5] + descent * size };
  } else {
    box = rotatedBox(m, item.width, ascent * size, descent * size);
  }
  const dir: TextRun['dir'] = vertical ? 'ttb' : item.dir === 'rtl' ? 'rtl' : 'ltr';
  // Every field present, in the order of TextRun, the optional ones undefined until set: runs made here all share one
  // shape (hidden class), and so do the copies the stages spread from them, which keeps the stages' field reads monomorphic.
  return {
    text, box, fontName: font.name, fontSize: Math.round(size * 100) / 100, bold: font.bold, italic: font.italic, monospace: font.monospace, dir,
    href: undefined, role: undefined, structBlock: undefined, structOrder: undefined, rotation: rotation !== 0 ? rotation : undefined,
    script: undefined, drawnLtr: undefined, hidden: item.hidden ? item.hidden : undefined, unmapped: font.unmapped,
  };
}

/** True if the items carry marked-content ids, which only tagged pages do. */
export function hasMarkedIds(items: readonly (RunItem | MarkedItem)[]): boolean {
  return items.some((it) => !('str' in it) && (it as MarkedItem).id);
}

/**
 * Converts a page's text items to runs. `vt` maps user space to top-left page
 * space; `fontOf` gives each font id's resolved style; `structure` maps
 * marked-content ids to structure roles and block elements (empty for
 * untagged pages).
 */
export function itemsToRuns(
  items: readonly (RunItem | MarkedItem)[], styles: Record<string, RunStyle | undefined>, vt: Matrix,
  fontOf: (id: string) => ResolvedFont, structure: Pick<PageStructure, 'roles' | 'blocks' | 'order'>,
): TextRun[] {
  const runs: TextRun[] = [];
  const stack: { role?: string; block?: number; order?: number }[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (!('str' in item)) {
      const m = item as MarkedItem;
      if (m.type === 'endMarkedContent') stack.pop();
      else {
        const up = stack.at(-1);
        const id = m.id ?? undefined;
        stack.push({ role: (id ? structure.roles.get(id) : undefined) ?? up?.role, block: (id === undefined ? undefined : structure.blocks.get(id)) ?? up?.block, order: (id === undefined ? undefined : structure.order.get(id)) ?? up?.order });
      }
      continue;
    }
    const run = toRun(item, vt, styles[item.fontName], fontOf(item.fontName));
    if (!run) continue;
    // Set on the new run rather than spread into a copy (the keys come in the same order): most runs of a tagged page have all three.
    const { role, block, order } = stack.at(-1) ?? {};
    if (role) run.role = role;
    if (block !== undefined) run.structBlock = block;
    if (order !== undefined) run.structOrder = order;
    runs.push(run);
  }
  return dropOverprint(runs);
}
