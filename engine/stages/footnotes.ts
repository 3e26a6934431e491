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

/** Length of a line's text (lineText's), with no string built. */
function textLength(l: Line): number {
  let n = 0;
  for (let i = 0; i < l.runs.length; i++) n += l.runs[i]!.text.length;
  return n;
}

/** The body size: the font size of most paragraph characters in the document. */
function bodySize(doc: Doc): number {
  const by = new Map<number, number>();
  for (const p of doc.pages) for (const b of p.blocks) {
    if (b.kind !== 'paragraph') continue;
    for (const l of b.lines ?? []) {
      const size = Math.round(lineFontSize(l) * 10) / 10; // to a tenth of a point
      by.set(size, (by.get(size) ?? 0) + textLength(l));
    }
  }
  return [...by].reduce((best, cur) => (cur[1] > best[1] ? cur : best), [0, 0])[0];
}

/** Whether a paragraph may hold notes (notesOf): it sits at the page's foot and its first line starts with a mark. */
function mayHoldNotes(b: Paragraph, page: Page): boolean {
  const first = b.lines?.[0];
  if (!first || b.prov.box.y0 < page.height * NOTE_ZONE) return false;
  const m = NOTE_START.exec(lineText(first).trim());
  return m !== null && MARK.test(m[1]!);
}

/** The notes a paragraph at the page's foot holds: each line that starts with a mark starts one. */
function notesOf(b: Paragraph, page: Page, body: number): Note[] | null {
  const lines: Line[] = b.lines ?? [];
  if (lines.length === 0 || b.prov.box.y0 < page.height * NOTE_ZONE) return null;
  if (lines.some((l) => lineFontSize(l) > body * NOTE_SIZE)) return null;
  const notes: Note[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const m = NOTE_START.exec(lineText(l).trim());
    if (m && MARK.test(m[1]!)) notes.push({ mark: m[1]!, text: m[2]!, prov: { page: page.number, box: l.box } }); // group 1: the mark, group 2: the note's text
    else if (notes.length > 0) notes[notes.length - 1]!.text += ` ${lineText(l).trim()}`;
    else return null;
  }
  return notes;
}

/** Marks grouped in one superscript ("1,3", "∗,†"): each part is a mark. */
const GROUP = /\s*,\s*/;

/** A mark in the page's text: a superscript span, and which of its comma-separated marks. */
type MarkAt = { span: Span; part: number; mark: string };

/** Marks in the page's text: superscript spans whose text is a mark or a comma-separated group of them, outside the notes. */
function markSpans(blocks: readonly Block[]): MarkAt[] {
  const out: MarkAt[] = [];
  const visit = (spans: readonly Span[]) => {
    for (let i = 0; i < spans.length; i++) {
      const s = spans[i]!;
      if (s.script !== 'sup') continue;
      const parts = s.text.trim().split(GROUP);
      if (parts.every((m) => MARK.test(m))) parts.forEach((mark, part) => out.push({ span: s, part, mark }));
    }
  };
  for (const b of blocks) {
    if (b.kind === 'paragraph' || b.kind === 'heading') visit(b.spans);
    else if (b.kind === 'list') for (const it of b.items) visit(it.spans);
  }
  return out;
}

/** A span with some of its marks turned into references: one span per mark, the others kept as superscripts. */
function referenced(s: Span, labels: ReadonlyMap<number, number>): Span[] {
  const parts = s.text.trim().split(GROUP);
  return parts.map((mark, i) => {
    const note = labels.get(i);
    return note === undefined ? { ...s, text: i > 0 ? `,${mark}` : mark } : { text: mark, note };
  });
}

function replaceSpans(b: Block, map: ReadonlyMap<Span, ReadonlyMap<number, number>>): Block {
  const fix = (spans: Span[]) => spans.flatMap((s) => {
    const labels = map.get(s);
    return labels === undefined ? [s] : referenced(s, labels);
  });
  if (b.kind === 'paragraph' || b.kind === 'heading') return { ...b, spans: fix(b.spans) };
  if (b.kind === 'list') return { ...b, items: b.items.map((it) => ({ ...it, spans: fix(it.spans) })) };
  return b;
}

/** Footnote marks become references, their notes definitions at the end of the document. */
export const footnotes: Stage = {
  name: 'footnotes',
  run(doc) {
    // Most documents have no paragraph that may hold notes: then nothing changes, and no body size is needed.
    if (!doc.pages.some((page) => page.blocks.some((b) => b.kind === 'paragraph' && mayHoldNotes(b, page)))) return doc;
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
      if (new Set(notes.map((n) => n.mark)).size !== notes.length) return page;
      // A note is called by exactly one mark on its page; a block of notes leaves the page when all of its
      // notes are called (else it stays whole, as text). Unless most notes are called, this is no footnote
      // apparatus (a numbered list set small at the foot).
      const called = new Map<Note, MarkAt>();
      for (const n of notes) {
        const at = marks.filter((m) => m.mark === n.mark);
        if (at.length === 1) called.set(n, at[0]!);
      }
      const gone = new Set([...noteBlocks].filter(([, ns]) => ns.every((n) => called.has(n))).map(([b]) => b));
      const defined = [...gone].flatMap((b) => noteBlocks.get(b)!);
      if (defined.length * 2 <= notes.length) return page; // half the notes or fewer called: leave the page
      const refs = new Map<Span, Map<number, number>>();
      for (const n of defined) {
        const label = defs.length + 1;
        const { span, part } = called.get(n)!;
        refs.set(span, (refs.get(span) ?? new Map<number, number>()).set(part, label));
        defs.push({ kind: 'footnote', label, spans: [{ text: n.text }], prov: n.prov });
      }
      return { ...page, blocks: page.blocks.filter((b) => !gone.has(b)).map((b) => replaceSpans(b, refs)) };
    });
    if (defs.length === 0) return doc;
    const last = pages.length - 1;
    return { ...doc, pages: pages.map((p, i) => (i === last ? { ...p, blocks: [...p.blocks, ...defs] } : p)) };
  },
};
