/**
 * Stage `contents`: a table of contents (or a list of figures or tables) is a
 * list. Its entries end in a page number, led to it by dots or set against a
 * shared right edge, and the pages count up; the list nests by the entries'
 * indents, and the dot leaders go. Without this, the tables stage reads an
 * entry's parts (number, title, leaders, page) as columns, a few rows at a
 * time, and the rest runs together as paragraphs.
 *
 * A table with a column of figures is no contents: its values are not
 * small page numbers that never go down, nor led to by dots. Entries set at
 * a tab without leaders count only under a contents' title, and never when
 * they step by one on every row (a ranking).
 */
import type { Block, Line, ListItem, Page } from '../model.ts';
import type { Stage } from '../stage.ts';
import { lineFontSize, lineText, unionOf, visibleLength } from '../geometry.ts';
import { romanValue } from './heading-numbers.ts';

/** A page number: arabic up to four digits, or roman in lower case (front matter). */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,7})$/;
/**
 * Dot leaders at the end of a title: three dots or more, spaced or not, two spaced dots (a leader the title
 * nearly fills: ". ."), or two ellipses or more.
 */
export const LEADER_TAIL = /\s*(?:[.·](?:\s?[.·]){2,}|[.·]\s[.·]|…{2,})\s*$/u;
/** A run that is only leader dots. */
const LEADER_ONLY = /^[\s.·…]+$/u;
/** A section's label before its title ("4.1", "A.2", "IV", "Chapter 3", "Appendix B"). */
const SECTION_LABEL = /^(?:(?:Chapter|Part|Appendix|Section)\s+)?(?:\d+|[A-Z]|[IVXLC]+)(?:\.\d+)*\.?$/u;
/** Entries a contents has at least: fewer is a short list of references to pages, left as text. */
const MIN_ENTRIES = 4;
/** Page numbers of a contents end within this many ems of one right edge (set right-aligned). */
const RIGHT_EDGE_EM = 1;
/** Without leaders, a page number stands at least this many ems clear of its title (a tab to the right edge). */
const NUMBER_GAP_EM = 2;
/** Lines without a page number (a part's title, a wrapped title) that may stand between two entries. */
const MAX_PLAIN_RUN = 2;
/** Entries whose titles start within this many ems of each other are at one level of the contents. */
const INDENT_EM = 0.5;

type Entry = { line: Line; title: string; page: string; leader: boolean; href?: string };

function pageValue(page: string): { roman: boolean; value: number } {
  return /^\d+$/.test(page) ? { roman: false, value: Number(page) } : { roman: true, value: romanValue(page) };
}

/** Whether the text's last character may end a page number: a digit or a letter of a lower-case roman numeral (PAGE_NUMBER). */
function endsLikePageNumber(text: string): boolean {
  const c = text.charCodeAt(text.length - 1);
  return (c >= 0x30 && c <= 0x39) || c === 0x69 || c === 0x76 || c === 0x78 || c === 0x6c || c === 0x63; // 0-9, i v x l c
}

/** The line read as an entry: its title and page number, and whether dots lead to it; null when it is none. */
export function parseEntry(line: Line): Entry | null {
  const text = lineText(line).trimEnd();
  // Either pattern below ends in a page number: most lines end otherwise and are not matched at all.
  if (!endsLikePageNumber(text)) return null;
  // The number after a space, or glued to the leader's last dot (". . . .1").
  const spaced = /^(.*\S)\s+(\S+)$/u.exec(text);
  const m = spaced && PAGE_NUMBER.test(spaced[2]!) ? spaced : /^(.*?[.·…])(\d{1,4})$/u.exec(text); // group 2: the page number
  if (!m) return null;
  const leader = LEADER_TAIL.test(m[1]!);
  const title = m[1]!.replace(LEADER_TAIL, '').trim();
  if (!/\p{L}/u.test(title)) return null;
  const runs = line.runs.filter((r) => r.text.trim() !== '');
  const wide = NUMBER_GAP_EM * lineFontSize(line);
  if (!leader) {
    // Set at a tab: the number is a run of its own, well clear of the title's last run.
    const last = runs.at(-1), before = runs.at(-2); // the last two pieces: the number and what precedes it
    if (!last || !before || last.text.trim() !== m[2] || last.box.x0 - before.box.x1 < wide) return null; // group 2: the page number
  }
  // The title is one piece of text, or a section's label and its title: more wide gaps are a table's columns.
  const titleRuns = runs.filter((r) => !LEADER_ONLY.test(r.text) && r.box.x1 <= line.box.x1 - wide / 2);
  const gaps = titleRuns.slice(1).map((r, i) => ({ at: i + 1, gap: r.box.x0 - titleRuns[i]!.box.x1 })).filter((g) => g.gap >= wide);
  const label = (k: number) => SECTION_LABEL.test(titleRuns.slice(0, k).map((r) => r.text).join('').trim());
  if (gaps.length > 1 || (gaps.length === 1 && !label(gaps[0]!.at))) return null;
  // An entry that links to its section (hyperref, mom) keeps the link on its title.
  // One link over most of the title's letters (its number may be set outside the link).
  const hrefs = new Set(titleRuns.flatMap((r) => (r.href ? [r.href] : [])));
  const linked = titleRuns.filter((r) => r.href).reduce((n, r) => n + visibleLength(r.text), 0);
  const href = hrefs.size === 1 && linked * 2 >= titleRuns.reduce((n, r) => n + visibleLength(r.text), 0) ? [...hrefs][0] : undefined; // * 2: over half the letters
  return { line, title, page: m[2]!, leader, ...(href ? { href } : {}) }; // group 2: the page number
}

/**
 * A contents' own title ("Contents", "Table of Contents", "List of Figures", and the like in a few languages): a
 * page's entries set at a tab without leaders count as a contents only under one, as a table's column of figures
 * is set the same way.
 */
const CONTENTS_TITLE = /^(?:(?:table\s+of\s+)?contents|list\s+of\s+(?:figures|tables|illustrations)|inhalt(?:sverzeichnis)?|sommaire|table\s+des\s+mati[eè]res|[íi]ndice|содержание|оглавление|目次|目录)$/iu;

/** Whether the entries' pages never go down (roman front matter first) and do not all stay on one. */
function pagesCountUp(entries: Entry[]): boolean {
  const pages = entries.map((e) => pageValue(e.page));
  const steps = pages.slice(1).map((p, i) => ({ p, prev: pages[i]! }));
  const up = steps.every(({ p, prev }) => (prev.roman && !p.roman) || (prev.roman === p.roman && p.value >= prev.value));
  // Pages that never move are a column of one value (zeros in a table), not a document's sections.
  if (!steps.some(({ p, prev }) => p.value !== prev.value || p.roman !== prev.roman)) return false;
  return up;
}

/** Whether every entry's page is one past the last: a ranking's numbers, not pages. */
function stepsByOne(entries: Entry[]): boolean {
  const pages = entries.map((e) => pageValue(e.page).value);
  return pages.slice(1).every((p, i) => p === pages[i]! + 1);
}

/** Whether the run is led to its pages by dots (half its entries or more), or stands under a contents' title on its page. */
function looksLikeContents(run: Run, lines: readonly Line[]): boolean {
  if (run.entries.filter((e) => e.leader).length * 2 >= run.entries.length) return true; // * 2: half of them or more
  const top = run.lines[0]!.box.y0;
  return !stepsByOne(run.entries) && lines.some((l) => l.box.y1 <= top && CONTENTS_TITLE.test(lineText(l).trim()));
}

type Run = { lines: Line[]; entries: Entry[] };

/** Runs of entries sharing a right edge on the page, with the few plain lines between them. */
function candidateRuns(lines: readonly Line[]): Run[] {
  const out: Run[] = [];
  let cur: Run | null = null, plain: Line[] = [];
  const close = () => {
    if (cur) out.push(cur);
    cur = null;
    plain = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = parseEntry(line);
    // The size matters only beside an open run.
    const em = cur ? lineFontSize(line) : 0;
    if (entry && cur && Math.abs(entry.line.box.x1 - cur.entries.at(-1)!.line.box.x1) <= RIGHT_EDGE_EM * em) {
      cur.lines.push(...plain, line);
      cur.entries.push(entry);
      plain = [];
    } else if (entry) {
      close();
      cur = { lines: [line], entries: [entry] };
    } else if (cur && plain.length < MAX_PLAIN_RUN && line.box.x1 < cur.entries.at(-1)!.line.box.x1 - NUMBER_GAP_EM * em) {
      plain.push(line);
    } else close();
  }
  close();
  return out;
}

type List = Extract<Block, { kind: 'list' }>;
const list = (items: ListItem[], lines: Line[], page: number): List =>
  ({ kind: 'list', ordered: false, items, prov: { page, box: unionOf(lines) } });

/** The entries as a list nested by their indents; plain lines are items without a page. */
function contentsList(run: Run, page: number): List {
  const entries = new Map(run.entries.map((e) => [e.line, e]));
  const em = lineFontSize(run.lines[0]!);
  const indents: number[] = [];
  for (const x of run.lines.map((l) => l.box.x0).sort((a, b) => a - b)) {
    if (indents.length === 0 || x - indents.at(-1)! > INDENT_EM * em) indents.push(x);
  }
  const levelOf = (l: Line) => indents.filter((x) => x <= l.box.x0 + INDENT_EM * em).length - 1;
  const top: ListItem[] = [];
  // The list's top level is its first entry's: a contents continued from the page before may open with subsections.
  const stack: { level: number; items: ListItem[] }[] = [{ level: levelOf(run.lines[0]!), items: top }];
  for (const line of run.lines) {
    const e = entries.get(line);
    const spans = e ? [{ text: e.title, ...(e.href ? { href: e.href } : {}) }, { text: ` ${e.page}` }] : [{ text: lineText(line).trim() }];
    const item: ListItem = { spans, children: [] };
    const level = levelOf(line);
    while (stack.length > 1 && stack.at(-1)!.level > level) stack.pop();
    const parent = stack.at(-1)!;
    const owner = parent.items.at(-1);
    if (level > parent.level && owner) {
      const nested = list([item], [line], page);
      owner.children.push(nested);
      stack.push({ level, items: nested.items });
    } else parent.items.push(item);
  }
  return list(top, run.lines, page);
}

/** The page with its contents lists made blocks and their lines taken out of the flow. */
export function contentsOnPage(page: Page): Page {
  const runs = candidateRuns(page.lines).filter((r) => r.entries.length >= MIN_ENTRIES && pagesCountUp(r.entries) && looksLikeContents(r, page.lines));
  if (runs.length === 0) return page;
  const taken = new Set(runs.flatMap((r) => r.lines));
  const lists = runs.map((r) => contentsList(r, page.number));
  return { ...page, lines: page.lines.filter((l) => !taken.has(l)), blocks: [...page.blocks, ...lists] };
}

/** Finds tables of contents on every page; see the module comment. */
export const contents: Stage = {
  name: 'contents',
  run(doc) {
    return { ...doc, pages: doc.pages.map(contentsOnPage) };
  },
};
