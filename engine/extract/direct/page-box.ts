/**
 * A page's visible box, rotation and user unit read from its dictionary the
 * way pdf.js's Page reads them (view, rotate, userUnit), for the viewport.
 */
import { inheritedAttribute } from '../pdf-objects/inherited.ts';
import type { PdfDict } from '../pdf-objects/values.ts';
import { guard, type DirectObjects } from './object-source.ts';

/** pdf.js's page size when a page has no usable MediaBox (US Letter). */
const LETTER: readonly number[] = [0, 0, 612, 792];

/** A box of four numbers (array elements that are references resolved), normalised; null when there is none or it is empty. */
function box(objects: DirectObjects, page: PdfDict, key: string): number[] | null {
  const raw = guard(() => inheritedAttribute(objects, page, key));
  if (!Array.isArray(raw) || raw.length !== 4) return null;
  const n = raw.map((v) => objects.resolve(v));
  if (!n.every((v): v is number => typeof v === 'number')) return null;
  const [a, b, c, d] = n as [number, number, number, number];
  const r = [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
  return r[2]! - r[0]! > 0 && r[3]! - r[1]! > 0 ? r : null;
}

/** pdf.js Page.view: CropBox ∩ MediaBox when that is not empty, else the MediaBox (Letter when it is missing). */
export function pageView(objects: DirectObjects, page: PdfDict): number[] {
  const media = box(objects, page, 'MediaBox') ?? [...LETTER];
  const crop = box(objects, page, 'CropBox') ?? media;
  if (crop.every((v, i) => v === media[i])) return media;
  const x0 = Math.max(crop[0]!, media[0]!);
  const x1 = Math.min(crop[2]!, media[2]!);
  const y0 = Math.max(crop[1]!, media[1]!);
  const y1 = Math.min(crop[3]!, media[3]!);
  return x1 - x0 > 0 && y1 - y0 > 0 ? [x0, y0, x1, y1] : media;
}

/** pdf.js Page.rotate: a multiple of 90 in [0, 360), else 0. */
export function pageRotation(objects: DirectObjects, page: PdfDict): number {
  const r = guard(() => inheritedAttribute(objects, page, 'Rotate'));
  if (typeof r !== 'number' || r % 90 !== 0) return 0;
  return ((r % 360) + 360) % 360;
}

/** pdf.js Page.userUnit: the page's own positive /UserUnit, else 1. */
export function pageUserUnit(objects: DirectObjects, page: PdfDict): number {
  const u = objects.lookup(page, 'UserUnit');
  return typeof u === 'number' && u > 0 ? u : 1;
}
