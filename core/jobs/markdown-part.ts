/**
 * A part of a job's Markdown, for agents whose context is smaller than a
 * document: a page range (cut at the page markers, which sit between blocks,
 * so no block is cut) and/or at most max_chars characters (cut at the last
 * blank line within them, between blocks, when there is one), continued with
 * next_cursor. Pure string work; reading the blob is read-markdown-part.ts.
 */
import { z } from 'zod';
import { DomainError } from '../errors.ts';

/** Largest max_chars accepted; the inline byte cap applies to the part as well. */
export const MAX_PART_CHARS = 50_000_000;

export const PartInput = {
  from_page: z.number().int().min(1).optional().describe('First page to return (needs a job converted with page_markers).'),
  to_page: z.number().int().min(1).optional().describe('Last page to return, inclusive (needs page_markers).'),
  max_chars: z
    .number()
    .int()
    .min(1)
    .max(MAX_PART_CHARS)
    .optional()
    .describe('Return at most this many characters, cut between blocks; continue with next_cursor.'),
  cursor: z.string().max(200).optional().describe('next_cursor of the previous part: where to go on.'),
};

export const PartInfo = z.object({
  pages_total: z.number().int().nullable().describe('Pages marked in the Markdown (null without page_markers).'),
  from_page: z.number().int().nullable().describe('First page in this part, when the Markdown has page markers.'),
  to_page: z.number().int().nullable().describe('Last page that starts in this part, when the Markdown has page markers.'),
  pages_remaining: z.number().int().nullable().describe('Pages of the document after this part (null without page_markers).'),
  chars_total: z.number().int().describe('Characters of the whole Markdown.'),
  chars_remaining: z.number().int().describe('Characters after this part, up to to_page when it was given, else to the end.'),
  next_cursor: z.string().nullable().describe('Send as cursor (with the same job_id) for the next part; null at the end.'),
});
export type PartInfo = z.infer<typeof PartInfo>;

export type PartRequest = { from_page?: number | undefined; to_page?: number | undefined; max_chars?: number | undefined; cursor?: string | undefined };

/** Where each page's marker starts, outside fenced code, in page order. */
export function markerOffsets(md: string): { page: number; at: number }[] {
  const out: { page: number; at: number }[] = [];
  let fence: string | null = null;
  let at = 0;
  for (const line of md.split('\n')) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) fence = fence === null ? f[1]! : f[1]!.startsWith(fence[0]!) && f[1]!.length >= fence.length ? null : fence;
    else if (fence === null) {
      const m = /^<!-- page (\d+) -->$/.exec(line);
      if (m) out.push({ page: Number(m[1]), at });
    }
    at += line.length + 1;
  }
  return out;
}

const encodeCursor = (start: number, end: number) => Buffer.from(JSON.stringify([start, end])).toString('base64url');

function decodeCursor(cursor: string, length: number): { start: number; end: number } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((n) => Number.isSafeInteger(n)) && 0 <= v[0] && v[0] <= v[1] && v[1] <= length) {
      return { start: v[0] as number, end: v[1] as number };
    }
  } catch {
    // Refused below.
  }
  throw new DomainError('bad_input', 'cursor: not a next_cursor of this job\'s Markdown; start again without cursor.');
}

/** The character range a page range selects. */
function pageRange(md: string, marks: { page: number; at: number }[], from?: number, to?: number): { start: number; end: number } {
  if (marks.length === 0) {
    throw new DomainError('bad_input', 'from_page/to_page need page markers: create the job with options {"page_markers": true}, or use max_chars.');
  }
  const first = from ?? marks[0]!.page;
  const last = to ?? marks.at(-1)!.page;
  if (last < first) throw new DomainError('bad_input', `to_page (${last}) is before from_page (${first}).`);
  const startMark = marks.find((m) => m.page >= first);
  if (!startMark || startMark.page > last) throw new DomainError('bad_input', `No page ${first}-${last} in this Markdown (pages ${marks[0]!.page}-${marks.at(-1)!.page}).`);
  const after = marks.find((m) => m.page > last);
  return { start: startMark.at, end: after ? after.at : md.length };
}

/** The end of a part of at most `max` characters from `start`: the last blank line within them, else `max` (not inside a surrogate pair). */
function cutAt(md: string, start: number, end: number, max: number): number {
  if (end - start <= max) return end;
  const hard = start + max;
  const blank = md.lastIndexOf('\n\n', hard - 2);
  if (blank > start) return blank + 2;
  const code = md.charCodeAt(hard - 1);
  return code >= 0xd800 && code <= 0xdbff ? hard - 1 : hard;
}

/** The part of `md` a request selects, and where it stands in the whole. */
export function markdownPart(md: string, req: PartRequest): { text: string; info: PartInfo } {
  const marks = markerOffsets(md);
  const byPages = req.from_page !== undefined || req.to_page !== undefined;
  const range = req.cursor !== undefined ? decodeCursor(req.cursor, md.length) : byPages ? pageRange(md, marks, req.from_page, req.to_page) : { start: 0, end: md.length };
  const stop = req.max_chars === undefined ? range.end : cutAt(md, range.start, range.end, req.max_chars);
  const inPart = marks.filter((m) => m.at >= range.start && m.at < stop);
  const before = marks.filter((m) => m.at <= range.start).at(-1);
  const fromPage = inPart[0]?.at === range.start ? inPart[0].page : (before?.page ?? inPart[0]?.page ?? null);
  const toPage = inPart.at(-1)?.page ?? fromPage;
  const lastPage = marks.at(-1)?.page ?? null;
  return {
    text: md.slice(range.start, stop),
    info: {
      pages_total: marks.length ? marks.length : null,
      from_page: marks.length ? fromPage : null,
      to_page: marks.length ? toPage : null,
      pages_remaining: lastPage !== null && toPage !== null ? marks.filter((m) => m.page > toPage).length : null,
      chars_total: md.length,
      chars_remaining: range.end - stop,
      next_cursor: stop < range.end ? encodeCursor(stop, range.end) : null,
    },
  };
}
