/**
 * The ascent and descent pdf.js reports for a TrueType program: once it has
 * checked the font it overwrites the descriptor's values with the `hhea`
 * ascender and descender over the `head` units per em. Fonts it would fail to
 * check (missing tables, a bad loca format or maxp version) fall back to a
 * substitute in pdf.js, with other names and flags, so they are refused.
 */
import { Unsupported } from '../types.ts';

/** Tables pdf.js keeps when it reads the directory. */
const KEPT = new Set(['OS/2', 'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'post', 'loca', 'glyf', 'fpgm', 'prep', 'cvt ', 'CFF ']);

type Table = { offset: number; length: number };

function u16(d: Uint8Array, at: number): number {
  return (d[at]! << 8) + d[at + 1]!;
}

function s16(d: Uint8Array, at: number): number {
  const v = u16(d, at);
  return v & 0x8000 ? v - 0x10000 : v;
}

function u32(d: Uint8Array, at: number): number {
  return ((d[at]! << 24) | (d[at + 1]! << 16) | (d[at + 2]! << 8) | d[at + 3]!) >>> 0;
}

/** The table directory as pdf.js reads it: later entries win, empty tables are dropped. */
function readTables(data: Uint8Array): Map<string, Table> {
  if (data.length < 12) throw new Unsupported('TrueType program too short');
  const count = u16(data, 4);
  if (12 + 16 * count > data.length) throw new Unsupported('TrueType table directory out of bounds');
  const tables = new Map<string, Table>();
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(...data.subarray(at, at + 4));
    const table = { offset: u32(data, at + 8), length: u32(data, at + 12) };
    if (!KEPT.has(tag) || table.length === 0) continue;
    if (table.offset + table.length > data.length) throw new Unsupported(`TrueType ${tag} table out of bounds`);
    tables.set(tag, table);
  }
  return tables;
}

function need(tables: Map<string, Table>, tag: string, minLength: number): Table {
  const t = tables.get(tag);
  if (!t || t.length < minLength) throw new Unsupported(`TrueType program without a usable ${tag} table`);
  return t;
}

/** Ascent and descent in em, as pdf.js's Font reports them after checking the program. */
export function trueTypeMetrics(data: Uint8Array): { ascent: number; descent: number } {
  const tables = readTables(data);
  if (tables.has('CFF ')) throw new Unsupported('TrueType program with CFF outlines');
  need(tables, 'loca', 1);
  const maxp = need(tables, 'maxp', 6);
  const version = u32(data, maxp.offset);
  if (version !== 0x00010000 && version !== 0x00005000) throw new Unsupported('maxp version');
  const head = need(tables, 'head', 54);
  const hhea = need(tables, 'hhea', 36);
  const locFormat = s16(data, head.offset + 50);
  if (locFormat !== 0 && locFormat !== 1) throw new Unsupported('head indexToLocFormat');
  const unitsPerEm = u16(data, head.offset + 18);
  if (unitsPerEm === 0) throw new Unsupported('head unitsPerEm is 0');
  return { ascent: s16(data, hhea.offset + 4) / unitsPerEm, descent: s16(data, hhea.offset + 6) / unitsPerEm };
}
