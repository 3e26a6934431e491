/**
 * Small PDFs for the table tests, drawn with pdf-lib the way report
 * producers draw them: text placed cell by cell, rules as stroked lines.
 * Coordinates are top-left based like the engine's; the helper flips them.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { convert } from '../../../engine/index.ts';
import type { ConvertOptions } from '../../../engine/types.ts';

/** A piece of text at (x, y) (top of the line), 9pt unless told, in Helvetica (bold) or Courier (`mono`). */
export type Text = { text: string; x: number; y: number; bold?: boolean; size?: number; mono?: boolean };
/** A drawn line from (x0, y0) to (x1, y1). */
export type Stroke = { x0: number; y0: number; x1: number; y1: number };
/** What one page draws. */
export type Drawing = { texts: Text[]; strokes?: Stroke[] };

const WIDTH = 595;
const HEIGHT = 842;

/** Builds a PDF with one page per drawing. */
export async function drawPdf(pages: readonly Drawing[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  for (const d of pages) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    for (const t of d.texts) {
      const size = t.size ?? 9;
      page.drawText(t.text, { x: t.x, y: HEIGHT - t.y - size * 0.8, size, font: t.mono ? mono : t.bold ? bold : body });
    }
    for (const s of d.strokes ?? []) {
      page.drawLine({ start: { x: s.x0, y: HEIGHT - s.y0 }, end: { x: s.x1, y: HEIGHT - s.y1 }, thickness: 0.5, color: rgb(0, 0, 0) });
    }
  }
  return pdf.save();
}

/** Width of `text` in Helvetica at `size`, to right-align numbers as reports do. */
export async function textWidth(text: string, size = 9): Promise<number> {
  const pdf = await PDFDocument.create();
  return (await pdf.embedFont(StandardFonts.Helvetica)).widthOfTextAtSize(text, size);
}

/** A table as the Markdown shows it: rows of trimmed cell texts, for pipe tables and HTML tables alike. */
export type ParsedTable = string[][];

function htmlTables(md: string): ParsedTable[] {
  return [...md.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((m) => [...m[1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((r) => [...r[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>|\*\*/g, '').trim())));
}

function pipeTables(md: string): ParsedTable[] {
  const out: ParsedTable[] = [];
  let cur: ParsedTable | null = null;
  for (const line of md.split('\n')) {
    if (!line.startsWith('|')) {
      cur = null;
      continue;
    }
    if (/^\|\s*-{3}/.test(line)) continue;
    const cells = line.slice(1, -1).split(' | ').map((c) => c.replace(/\*\*/g, '').trim());
    if (!cur) out.push((cur = []));
    cur.push(cells);
  }
  return out;
}

/** The tables of some Markdown: its pipe tables, then its HTML tables. */
export function tablesIn(markdown: string): ParsedTable[] {
  return [...pipeTables(markdown), ...htmlTables(markdown)];
}

/** Converts the drawings (with the given options) and returns the Markdown and the tables in it. */
export async function tablesOf(pages: readonly Drawing[], opts: ConvertOptions = {}): Promise<{ markdown: string; tables: ParsedTable[] }> {
  const { markdown } = await convert(await drawPdf(pages), opts);
  return { markdown, tables: tablesIn(markdown) };
}
