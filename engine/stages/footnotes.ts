/**
 * Footnotes (issue 24): a superscript mark in the text (1, 2, *, †…) that
 * matches a note at the bottom of the same page, set smaller than the body
 * and starting with that mark, becomes the reference `[^n]`; the note leaves
 * the page and becomes the definition `[^n]: …` at the end of the document.
 * Marks without a note and notes without a mark stay as they are.
 */
import type { Block, Doc, Line, Page, Span } from '../model.ts';
import type { Stage } from '../stage.ts';
import { lineFontSize, lineText } from '../geometry.ts';

/** Notes are set at most this share of the body size. */
const NOTE_SIZE = 0.92;
/** Notes start below this share of the page height. */
const NOTE_ZONE = 0.55;
/** A mark: a number of up to three digits or a traditional footnote symbol (TeX sets \\thanks with ∗, U+2217). */
const MARK = /^(?:\d{1,3}|[*∗†‡§¶])$/;
/** A note line: its mark, perhaps with a full stop or bracket, then the note's text. */
const NOTE_START = /^(\d{1,3}|[*∗†‡§¶]+)[.)]?\s*(\S.*)$/s;

type Paragraph = Extract<Block, { kind: 'paragraph' }>;
type Note = { mark: string; text: string; prov: Block['prov'] };

/** The body size: the font size of most paragraph characters in the document. */
function bodySize(doc: Doc): number {
  const by = new Map<number, number>();
  for (const p of doc.pages) for (const b of p.blocks) {
    if (b.kind !== 'paragraph') continue;
    for (const l of b.lines ?? []) {
      const size = Math.round(lineFontSize(l) * 10) / 10;
      by.set(size, (by.get(size) ?? 0) + lineText(l).length);
    }
  }
  return [...by].reduce((best, cur) => (cur[1] > best[1] ? cur : best), [0, 0])[0];
}

/** The notes a paragraph at the page's foot holds: each line that starts with a mark starts one. */
function notesOf(b: Paragraph, page: Page, body: number): Note[] | null {
  const lines: Line[] = b.lines ?? [];
  if (lines.length === 0 || b.prov.box.y0 < page.height * NOTE_ZONE) return null;
  if (lines.some((l) => lineFontSize(l) > body * NOTE_SIZE)) return null;
  const notes: Note[] = [];
  for (const l of lines) {
    const m = NOTE_START.exec(lineText(l).trim());
    if (m && MARK.test(m[1]!)) notes.push({ mark: m[1]!, text: m[2]!, prov: { page: page.number, box: l.box } });
    else if (notes.length > 0) notes[notes.length - 1]!.text += ` ${lineText(l).trim()}`;
    else return null;
  }
  return notes;
}

/** Marks in the page's text: superscript spans whose text is a mark, outside the notes. */
function markSpans(blocks: readonly Block[]): Span[] {
  const out: Span[] = [];
  const visit = (spans: readonly Span[]) => { for (const s of spans) if (s.script === 'sup' && MARK.test(s.text.trim())) out.push(s); };
  for (const b of blocks) {
    if (b.kind === 'paragraph' || b.kind === 'heading') visit(b.spans);
    else if (b.kind === 'list') for (const it of b.items) visit(it.spans);
  }
  return out;
}

function replaceSpans(b: Block, map: ReadonlyMap<Span, number>): Block {
  const fix = (spans: Span[]) => spans.map((s) => {
    const n = map.get(s);
    return n === undefined ? s : { text: s.text.trim(), note: n };
  });
  if (b.kind === 'paragraph' || b.kind === 'heading') return { ...b, spans: fix(b.spans) };
  if (b.kind === 'list') return { ...b, items: b.items.map((it) => ({ ...it, spans: fix(it.spans) })) };
  return b;
}

/** Footnote marks become references, their notes definitions at the end of the document. */
export const footnotes: Stage = {
  name: 'footnotes',
  run(doc) {
    const body = bodySize(doc);
    if (body === 0) return doc;
    const defs: Block[] = [];
    const pages = doc.pages.map((page) => {
      const noteBlocks = new Map<Block, Note[]>();
      for (const b of page.blocks) {
        const notes = b.kind === 'paragraph' ? notesOf(b, page, body) : null;
        if (notes?.length) noteBlocks.set(b, notes);
      }
      if (noteBlocks.size === 0) return page;
      const marks = markSpans(page.blocks.filter((b) => !noteBlocks.has(b)));
      const notes = [...noteBlocks.values()].flat();
      // Every note must be called by exactly one mark on its page, else this is no footnote apparatus.
      const pairs = notes.map((n) => ({ n, spans: marks.filter((s) => s.text.trim() === n.mark) }));
      if (pairs.some((p) => p.spans.length !== 1) || new Set(notes.map((n) => n.mark)).size !== notes.length) return page;
      const refs = new Map<Span, number>();
      for (const { n, spans } of pairs) {
        const label = defs.length + 1;
        refs.set(spans[0]!, label);
        defs.push({ kind: 'footnote', label, spans: [{ text: n.text }], prov: n.prov });
      }
      return { ...page, blocks: page.blocks.filter((b) => !noteBlocks.has(b)).map((b) => replaceSpans(b, refs)) };
    });
    if (defs.length === 0) return doc;
    const last = pages.length - 1;
    return { ...doc, pages: pages.map((p, i) => (i === last ? { ...p, blocks: [...p.blocks, ...defs] } : p)) };
  },
};
