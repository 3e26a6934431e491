/**
 * The borders and shading of a generated table's cells as LibreOffice draws
 * them (ODF cell properties), per rule style: the same rules the HTML and
 * LaTeX drawings carry, set on the cells that carry them in an office table.
 */
import type { GenCell, GenTable } from './table-model.ts';

export const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LINE = '0.5pt solid #000000';
const THICK = '1.2pt solid #000000';
const THIN = '0.6pt solid #000000';

/** The first body row of a table (its header is every row above). */
export const headRows = (t: GenTable): number => Math.min(...t.cells.filter((c) => !c.head).map((c) => c.r));

/** ODF table-cell properties (borders, background) of a cell at the given slot, in the table's rule style. */
export function cellLook(t: GenTable, c: Pick<GenCell, 'r' | 'c' | 'rs' | 'cs' | 'head'>, bodyIndex: number): Record<string, string> {
  const h = headRows(t);
  const bottomRow = c.r + c.rs - 1;
  const p: Record<string, string> = {};
  const outer = (): void => {
    if (c.r === 0) p['fo:border-top'] = LINE;
    if (bottomRow === t.nRows - 1) p['fo:border-bottom'] = LINE;
    if (c.c === 0) p['fo:border-left'] = LINE;
    if (c.c + c.cs === t.nCols) p['fo:border-right'] = LINE;
  };
  switch (t.style) {
    case 'grid': p['fo:border'] = LINE; break;
    case 'header-rule': if (c.head) p['fo:border-bottom'] = LINE; break;
    case 'box-header': outer(); if (c.head) p['fo:border-bottom'] = LINE; break;
    case 'booktabs':
      if (c.r === 0) p['fo:border-top'] = THICK;
      if (bottomRow === t.nRows - 1) p['fo:border-bottom'] = THICK;
      else if (c.head && (bottomRow === h - 1 || c.cs > 1)) p['fo:border-bottom'] = THIN;
      break;
    case 'none': break;
    case 'zebra':
      if (c.head) p['fo:background-color'] = '#c8c8c8';
      else if (bodyIndex % 2 === 1) p['fo:background-color'] = '#e4e4e4';
      break;
  }
  return p;
}

/** Body-row index (0-based, counting group label rows) of each row, for zebra shading; -1 in the header. */
export function bodyIndexOf(t: GenTable): (r: number) => number {
  const h = headRows(t);
  return (r) => (r < h ? -1 : r - h);
}

/** A cell style registry: identical property sets share one automatic style. */
export class StyleSet {
  private readonly byKey = new Map<string, string>();
  readonly defs: string[] = [];
  private readonly prefix: string;
  constructor(prefix: string) {
    this.prefix = prefix;
  }

  /** The name of a style of `family` whose properties are `inner` (ODF property elements). */
  name(family: string, inner: string, parent = ''): string {
    const key = `${family}|${inner}|${parent}`;
    let n = this.byKey.get(key);
    if (!n) {
      n = `${this.prefix}${this.byKey.size + 1}`;
      this.byKey.set(key, n);
      const par = parent ? ` style:parent-style-name="${parent}"` : '';
      this.defs.push(`<style:style style:name="${n}" style:family="${family}"${par}>${inner}</style:style>`);
    }
    return n;
  }
}

/** An empty ODF element with the given attributes. */
export const el = (tag: string, attrs: Record<string, string>): string =>
  `<${tag}${Object.entries(attrs).map(([k, v]) => ` ${k}="${xml(v)}"`).join('')}/>`;

export const NS = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
  + 'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
  + 'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
  + 'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"';
