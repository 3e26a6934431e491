/**
 * Parses `p2m convert` arguments into a typed request, or a usage error.
 */
import type { ConvertOptions, OcrMode } from '../types.ts';

/** The fidelity options, as the job API's options (page_markers, images, furniture, tables_across_pages, hidden_text). */
export type FidelityFlags = Pick<ConvertOptions, 'pageMarkers' | 'images' | 'furniture' | 'tablesAcrossPages' | 'hiddenText'>;

/** --flag → the option it sets and its allowed values (the job API's names with dashes). */
const CHOICES = {
  '--images': ['images', ['omit', 'files']],
  '--furniture': ['furniture', ['drop', 'keep']],
  '--tables-across-pages': ['tablesAcrossPages', ['merge', 'keep']],
  '--hidden-text': ['hiddenText', ['drop', 'keep']],
} as const;

/** What the user asked `p2m convert` to do. */
export type ConvertArgs = {
  inputs: string[];
  out?: string;
  pages?: { from: number; to: number };
  ocr: OcrMode;
  jobs: number;
  fidelity: FidelityFlags;
};

/** Usage text printed on a usage error. */
export const USAGE =
  'usage: p2m convert IN.pdf|DIR... [-o OUT.md|DIR] [--pages 1-5] [--ocr auto|off|force] [--jobs N]\n' +
  '       [--page-markers] [--images omit|files] [--furniture drop|keep] [--tables-across-pages merge|keep] [--hidden-text drop|keep]';

/** Parses "3", "2-5" or "4-" into a 1-based inclusive range. */
export function parsePages(spec: string): { from: number; to: number } | null {
  const m = /^(\d+)(?:-(\d*))?$/.exec(spec.trim());
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : m[2] === '' ? Number.MAX_SAFE_INTEGER : Number(m[2]);
  return from >= 1 && to >= from ? { from, to } : null;
}

/** Parses the arguments after `convert` (a leading `convert` is tolerated). */
export function parseConvertArgs(argv: string[]): ConvertArgs | { error: string } {
  const args = argv[0] === 'convert' ? argv.slice(1) : [...argv];
  const out: ConvertArgs = { inputs: [], ocr: 'auto', jobs: 1, fidelity: {} };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '-o' || flag === '--output') {
      const v = value();
      if (!v) return { error: 'missing value for -o' };
      out.out = v;
    } else if (flag === '--pages') {
      const r = parsePages(value() ?? '');
      if (!r) return { error: 'bad --pages (expected N or N-M)' };
      out.pages = r;
    } else if (flag === '--ocr') {
      const v = value();
      if (v !== 'auto' && v !== 'off' && v !== 'force') return { error: 'bad --ocr (auto, off or force)' };
      out.ocr = v;
    } else if (flag === '--jobs' || flag === '-j') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 64) return { error: 'bad --jobs (1-64)' };
      out.jobs = n;
    } else if (flag === '--page-markers') {
      out.fidelity.pageMarkers = true;
    } else if (flag in CHOICES) {
      const [key, allowed] = CHOICES[flag as keyof typeof CHOICES];
      const v = value();
      if (!(allowed as readonly (string | undefined)[]).includes(v)) return { error: `bad ${flag} (${allowed.join(' or ')})` };
      (out.fidelity as Record<string, string>)[key] = v!;
    } else if (a.startsWith('-') && a !== '-') {
      return { error: `unknown option ${a}` };
    } else {
      out.inputs.push(a);
    }
  }
  if (out.inputs.length === 0) return { error: 'no input files' };
  if (out.fidelity.images === 'files' && !out.out) return { error: '--images files writes PNGs beside the Markdown: give -o OUT.md' };
  return out;
}
