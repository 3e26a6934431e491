/**
 * The direct reader's fonts against pdf.js's, on a folder of PDFs: every font
 * pdf.js uses (its commonObjs entry) is matched by name with the fonts in the
 * document's page and form resources as the direct reader loads them, and
 * compared field by field (name, flags, family, ascent, descent, matrix) and
 * glyph by glyph for every glyph pdf.js shows (showText: text, width,
 * isSpace), Type 3 fonts included. Prints the tallies, refusal reasons and mismatches. Finds font
 * bugs that compare-items.ts would show only as a text difference.
 *
 * usage: node bench/parity/compare-fonts.ts [PDF_DIR]   (default: the corpus's dev/pdf; P2M_CORPUS_DIR, else ../shared/corpus)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fontLoader } from '../../engine/extract/direct/fonts/load-font.ts';
import { DirectObjects } from '../../engine/extract/direct/object-source.ts';
import { Unsupported, type FontDecoder } from '../../engine/extract/direct/types.ts';
import { PdfObjects } from '../../engine/extract/pdf-objects/pdf-objects.ts';
import { isDict, isName, isRef, type PdfValue } from '../../engine/extract/pdf-objects/values.ts';
import { documentParams, loadPdfjs } from '../../engine/extract/pdfjs.ts';
import { corpusRoot } from '../corpus-root.ts';

type PdfjsGlyph = { originalCharCode: number; unicode: string; width: number; isSpace: boolean };
type PdfjsFont = { name?: string; bold?: boolean; italic?: boolean; isMonospace?: boolean; fallbackName?: string;
  ascent?: number; descent?: number; fontMatrix?: number[]; composite?: boolean; error?: string; isType3Font?: boolean };
type Candidate = { decoder: FontDecoder } | { refused: string };
type Tally = Record<string, number>;

const tally = { fonts: 0, identical: 0, mismatched: 0, glyphs: 0, docs: 0, docsFull: 0 };
const refusals: Tally = {};
const mismatches: string[] = [];
const bump = (t: Tally, k: string) => { t[k] = (t[k] ?? 0) + 1; };

/** Every font value in the document's page and form resources, by font name (for matching pdf.js's fonts). */
function documentFonts(bytes: Uint8Array): Map<string, Candidate[]> {
  const objects = new DirectObjects(PdfObjects.open(bytes));
  const load = fontLoader(objects);
  const out = new Map<string, Candidate[]>();
  const seen = new Set<PdfValue>();
  const visit = (res: PdfValue | undefined, depth: number): void => {
    const r = objects.resolve(res);
    if (!isDict(r) || seen.has(r) || depth > 8) return;
    seen.add(r);
    const fonts = objects.lookup(r, 'Font');
    if (isDict(fonts)) for (const f of fonts.map.values()) addFont(f);
    const xo = objects.lookup(r, 'XObject');
    if (isDict(xo)) for (const x of xo.map.values()) { const d = objects.resolve(x); if (isDict(d)) visit(d.map.get('Resources'), depth + 1); }
  };
  const names = new Set<string>();
  const addFont = (f: PdfValue): void => {
    const key = isRef(f) ? `${f.num}_${f.gen}` : JSON.stringify(f);
    if (names.has(key)) return;
    names.add(key);
    let c: Candidate;
    try { c = { decoder: load(f) }; } catch (e) { if (!(e instanceof Unsupported)) throw e; c = { refused: e.message }; }
    // A refused font has no decoder name; its BaseFont is what pdf.js reports for it.
    const d = objects.resolve(f);
    const base = isDict(d) ? objects.lookup(d, 'BaseFont') : undefined;
    const nm = 'decoder' in c ? c.decoder.name : isName(base) ? base.name : '?';
    out.set(nm, [...(out.get(nm) ?? []), c]);
  };
  const walk = (v: PdfValue | undefined): void => {
    const d = objects.resolve(v);
    // The seen set also stops a cyclic page tree.
    if (!isDict(d) || seen.has(d)) return;
    seen.add(d);
    const kids = objects.lookup(d, 'Kids');
    if (Array.isArray(kids)) kids.forEach(walk);
    visit(d.map.get('Resources'), 0);
  };
  const rootRef = objects.objects.rootRef;
  const root = rootRef ? objects.resolve({ kind: 'ref', ...rootRef }) : undefined;
  if (isDict(root)) walk(root.map.get('Pages'));
  return out;
}

const same = (a: number | undefined, b: number) => (Number.isNaN(b) ? a !== undefined && Number.isNaN(a) : a === b);

function fontDiffs(p: PdfjsFont, d: FontDecoder): string[] {
  const out: string[] = [];
  if (p.name !== d.name) out.push(`name ${p.name} vs ${d.name}`);
  if (!!p.bold !== d.bold || !!p.italic !== d.italic) out.push('bold/italic');
  if (!!p.isMonospace !== d.monospace) out.push(`monospace ${p.isMonospace} vs ${d.monospace}`);
  if (p.fallbackName !== d.fallbackName) out.push(`family ${p.fallbackName} vs ${d.fallbackName}`);
  if (!same(p.ascent, d.ascent) || !same(p.descent, d.descent)) out.push(`ascent/descent ${p.ascent},${p.descent} vs ${d.ascent},${d.descent}`);
  if (JSON.stringify(p.fontMatrix) !== JSON.stringify(d.fontMatrix)) out.push(`matrix ${JSON.stringify(p.fontMatrix)}`);
  return out;
}

function glyphDiffs(glyphs: Map<number, PdfjsGlyph>, d: FontDecoder, composite: boolean): string[] {
  const out: string[] = [];
  for (const [code, g] of glyphs) {
    const bytes = composite ? String.fromCharCode(code >> 8, code & 0xff) : String.fromCharCode(code);
    const mine = d.glyphs(bytes)[0]!;
    tally.glyphs++;
    if (mine.unicode !== g.unicode || mine.width !== g.width || mine.isSpace !== g.isSpace) {
      out.push(`code ${code}: ${JSON.stringify(g.unicode)}/${g.width}/${g.isSpace} vs ${JSON.stringify(mine.unicode)}/${mine.width}/${mine.isSpace}`);
    }
  }
  return out;
}

/** Compares one pdf.js font with our candidates of the same name; returns false unless one is identical. */
function compareFont(file: string, p: PdfjsFont, glyphs: Map<number, PdfjsGlyph>, cands: Candidate[]): boolean {
  tally.fonts++;
  const problems: string[] = [];
  for (const c of cands) {
    if ('refused' in c) { problems.push(`refused: ${c.refused}`); continue; }
    try {
      const diffs = [...fontDiffs(p, c.decoder), ...glyphDiffs(glyphs, c.decoder, !!p.composite)];
      if (diffs.length === 0) { tally.identical++; return true; }
      problems.push(diffs.slice(0, 4).join('; '));
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      problems.push(`refused: ${e.message}`);
    }
  }
  const refusal = problems.find((x) => x.startsWith('refused: '));
  if (cands.length === 0) bump(refusals, 'no candidate found');
  else if (refusal && problems.every((x) => x.startsWith('refused: '))) bump(refusals, refusal.slice(9));
  else { tally.mismatched++; mismatches.push(`${file} ${p.name}: ${problems.join(' | ')}`); }
  return false;
}

/** pdf.js's fonts of one document with the glyphs shown in each. */
async function pdfjsFonts(bytes: Uint8Array): Promise<Map<string, { font: PdfjsFont; glyphs: Map<number, PdfjsGlyph> }>> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(documentParams(bytes));
  const doc = await task.promise;
  const fonts = new Map<string, { font: PdfjsFont; glyphs: Map<number, PdfjsGlyph> }>();
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      let current: Map<number, PdfjsGlyph> | null = null;
      ops.fnArray.forEach((fn, i) => {
        const args = ops.argsArray[i] as unknown[];
        if (fn === pdfjs.OPS.setFont) {
          const id = args[0] as string;
          if (!fonts.has(id)) fonts.set(id, { font: page.commonObjs.get(id) as PdfjsFont, glyphs: new Map() });
          current = fonts.get(id)!.glyphs;
        } else if (fn === pdfjs.OPS.showText && current) {
          for (const g of args[0] as unknown[]) if (g && typeof g === 'object') current.set((g as PdfjsGlyph).originalCharCode, g as PdfjsGlyph);
        }
      });
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
  return fonts;
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? path.join(corpusRoot(), 'dev/pdf');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, file)));
    tally.docs++;
    let mine: Map<string, Candidate[]>;
    try { mine = documentFonts(bytes); } catch (e) { bump(refusals, `document: ${(e as Error).message}`); continue; }
    let theirs;
    try { theirs = await pdfjsFonts(bytes); } catch (e) { bump(refusals, `pdf.js failed: ${(e as Error).message}`); continue; }
    let full = true;
    for (const { font, glyphs } of theirs.values()) {
      if (font.error) { bump(refusals, 'pdf.js error font'); full = false; continue; }
      // Type 3 fonts without a descriptor are all named "Type3": each is matched against all of them.
      if (!compareFont(file, font, glyphs, mine.get(font.name ?? '') ?? [])) full = false;
    }
    if (full) tally.docsFull++;
  }
  console.log(tally);
  console.log('refusals', refusals);
  for (const m of mismatches.slice(0, 40)) console.log('MISMATCH', m);
}

if (import.meta.main) await main();
