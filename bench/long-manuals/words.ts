/**
 * Words p2m loses or invents against pdftotext, per file of the long-manuals
 * set (fetch.ts). Both outputs become multisets of words (runs of letters and
 * marks; Markdown link targets and escapes removed, pdftotext's end-of-line
 * hyphens joined); `lost` counts the words pdftotext has more often than
 * p2m, `invented` the reverse. Two defects are counted apart:
 * - `lig`: a p2m word that becomes a pdftotext word when a ligature's letters
 *   (ff, fi, fl, ffi, ffl) are put back inside it or between it and the next
 *   word ("speci ed", "specied" for "specified");
 * - `chars+`: characters other than letters, digits and spaces that p2m has
 *   more often than pdftotext (an en dash read as `{`), the three commonest shown.
 * Differences in layout (tables, headings, reading order) do not change a
 * multiset of words, so what remains is mostly text that is wrong.
 *
 * usage: node bench/long-manuals/words.ts [CACHE_DIR] [--only a,b] [--skip c,d] [--ocr auto|off] [--words N]
 *   --only / --skip: file names containing any of these; --words N: also list the N commonest lost and invented words
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convert } from '../../engine/index.ts';
import { execQuiet } from '../exec.ts';
import { defaultCache } from './fetch.ts';

type Bag = Map<string, number>;
type Row = { file: string; words: number; lost: number; invented: number; lig: number; chars: string; reader: string; top: string };

const LIGATURES = ['ff', 'fi', 'fl', 'ffi', 'ffl'];

function bag(items: Iterable<string>): Bag {
  const b: Bag = new Map();
  for (const w of items) b.set(w, (b.get(w) ?? 0) + 1);
  return b;
}

const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{M}]+/gu) ?? [];

/** pdftotext's text, with words hyphenated across lines joined (p2m joins them). */
export function plainText(text: string): string {
  // p2m splits typographic ligatures into their letters (normalise-text.ts); pdftotext keeps a mapped U+FB01.
  return text.replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC')).replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2');
}

/** Markdown reduced to its words: link targets, escapes, emphasis and HTML tags dropped. */
export function markdownText(md: string): string {
  return md
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1');
}

/** a − b as multisets: the count of each word a has more often. */
function excess(a: Bag, b: Bag): Bag {
  const out: Bag = new Map();
  for (const [w, n] of a) {
    const d = n - (b.get(w) ?? 0);
    if (d > 0) out.set(w, d);
  }
  return out;
}

const total = (b: Bag): number => [...b.values()].reduce((s, n) => s + n, 0);

/** True if putting one ligature's letters at some place inside `w` makes a word of `theirs`. */
function missingLigature(w: string, theirs: Bag): boolean {
  for (let k = 0; k <= w.length; k++) {
    if (LIGATURES.some((l) => theirs.has(w.slice(0, k) + l + w.slice(k)))) return true;
  }
  return false;
}

/**
 * Words of `ours` that are a `theirs` word with a ligature's letters left out:
 * inside one word ("specied") or at a space ("speci ed"; counted once, at its first half).
 */
export function ligatureLosses(ours: string[], theirs: Bag): number {
  let n = 0;
  for (let i = 0; i < ours.length; i++) {
    const w = ours[i]!;
    const next = ours[i + 1];
    if (next !== undefined && !(theirs.has(w) && theirs.has(next)) && LIGATURES.some((l) => theirs.has(w + l + next))) {
      n++;
      i++;
    } else if (!theirs.has(w) && missingLigature(w, theirs)) {
      n++;
    }
  }
  return n;
}

/**
 * Characters p2m has more of than pdftotext, the three commonest: neither letters, digits nor white space,
 * nor the ones Markdown itself writes (emphasis, code, tables, lists, headings, links).
 */
function extraChars(ours: string, theirs: string): string {
  const pick = (s: string) => bag(s.match(/[^\p{L}\p{M}\p{N}\s`*_|#>[\]()-]/gu) ?? []);
  const top = [...excess(pick(ours), pick(theirs))].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return top.map(([c, k]) => `\`${c === '|' ? '\\|' : c}\`×${k}`).join(' ');
}

/** The `n` commonest words of a bag, as `word×count`. */
const commonest = (b: Bag, n: number): string => [...b].sort((x, y) => y[1] - x[1]).slice(0, n).map(([w, k]) => `${w}×${k}`).join(' ');

async function compare(path: string, ocr: 'auto' | 'off', listWords: number): Promise<Row> {
  const file = path.split('/').pop()!;
  const pt = await execQuiet('pdftotext', ['-q', '-enc', 'UTF-8', path, '-']);
  const theirsText = plainText(pt.stdout);
  const r = await convert(new Uint8Array(await readFile(path)), { ocr });
  const oursText = markdownText(r.markdown);
  const oursWords = wordsOf(oursText);
  const theirs = bag(wordsOf(theirsText));
  const ours = bag(oursWords);
  const lost = excess(theirs, ours);
  const invented = excess(ours, theirs);
  const reader = r.textReader.pdfjs === 0 ? 'direct' : r.textReader.direct === 0 ? 'pdfjs' : `both (${r.textReader.pdfjs} pdf.js)`;
  const top = listWords > 0 ? `lost: ${commonest(lost, listWords)}; invented: ${commonest(invented, listWords)}` : '';
  return { file, words: total(theirs), lost: total(lost), invented: total(invented), lig: ligatureLosses(oursWords, theirs), chars: extraChars(oursText, theirsText), reader, top };
}

function table(rows: Row[]): string {
  const lines = ['| file | pdftotext words | lost | invented | lig | chars+ | reader |', '|---|---:|---:|---:|---:|---|---|'];
  for (const r of rows) lines.push(`| ${r.file} | ${r.words} | ${r.lost} | ${r.invented} | ${r.lig} | ${r.chars} | ${r.reader} |`);
  const sum = (k: 'words' | 'lost' | 'invented' | 'lig') => rows.reduce((s, r) => s + r[k], 0);
  lines.push(`| all ${rows.length} | ${sum('words')} | ${sum('lost')} | ${sum('invented')} | ${sum('lig')} | | |`);
  const details = rows.filter((r) => r.top).map((r) => `- ${r.file}: ${r.top}`);
  return [...lines, ...(details.length ? ['', ...details] : [])].join('\n');
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const only = opt('--only')?.split(',') ?? [];
  const skip = opt('--skip')?.split(',') ?? [];
  const ocr = opt('--ocr') === 'auto' ? 'auto' : 'off';
  const listWords = Number(opt('--words') ?? 0);
  const cache = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')) ?? defaultCache();
  const pdfDir = join(cache, 'pdf');
  const files = (await readdir(pdfDir)).filter((f) => f.endsWith('.pdf') && (only.length === 0 || only.some((o) => f.includes(o))) && !skip.some((o) => f.includes(o))).sort();
  const rows: Row[] = [];
  for (const f of files) {
    const row = await compare(join(pdfDir, f), ocr, listWords);
    rows.push(row);
    console.error(`${row.file}: lost ${row.lost}, invented ${row.invented}, lig ${row.lig}, ${row.reader}`);
  }
  console.log(table(rows));
}
