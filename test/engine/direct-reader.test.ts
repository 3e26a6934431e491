/**
 * The direct text reader (engine/extract/direct/) against pdf.js: on corpus
 * PDFs of each producer it reads every page itself and gives pdf.js's items
 * and Markdown exactly; on what it refuses (a non-embedded font) convert()
 * falls back to pdf.js with the same Markdown; on corrupt content streams
 * convert() neither throws nor hangs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { comparePage } from '../../bench/parity/compare-page.ts';
import { diffTextContent, FontIdMap, type PdfjsContent } from '../../bench/parity/item-diff.ts';
import { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import type { Matrix, TextContent } from '../../engine/extract/direct/types.ts';
import { documentParams, loadPdfjs } from '../../engine/extract/pdfjs.ts';
import { convert } from '../../engine/index.ts';
import { corpusDir } from '../support/corpus.ts';
import { watchCpu } from './cpu-watchdog.ts';
import { makePdf } from '../support/pdf.ts';

const PDF = corpusDir('dev', 'pdf');
/** One short document per producer (manifest.tsv). */
const SAMPLES = ['psmisc-readme__html-1col', 'node-is-number-readme__html-2col', 'psmisc-readme__latex', 'psmisc-readme__office'];
const load = (id: string) => new Uint8Array(fs.readFileSync(`${PDF}/${id}.pdf`));

const TTF = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const hasTtf = fs.existsSync(TTF);

/** The text of Markdown without list and quote markers, as a word list. */
const words = (md: string) => md.replace(/^[ \t>]*(?:[-*•◦▪]\s+)?/gm, '').split(/\s+/).filter(Boolean);

/** Both readers' Markdown and the 'auto' run's reader statistics. */
async function bothReaders(data: Uint8Array) {
  const auto = await convert(data, { textReader: 'auto' });
  const pdfjs = await convert(data, { textReader: 'pdfjs' });
  return { auto, pdfjs };
}

/** Opens `data` with pdf.js and the direct reader, and gives both to `fn`. */
async function withBoth<T>(data: Uint8Array, fn: (direct: DirectDocument, doc: Awaited<ReturnType<typeof openPdfjs>>['doc']) => Promise<T>): Promise<T> {
  const { task, doc } = await openPdfjs(data);
  try {
    return await fn(DirectDocument.open(data), doc);
  } finally {
    await task.destroy();
  }
}

async function openPdfjs(data: Uint8Array) {
  const task = (await loadPdfjs()).getDocument(documentParams(data));
  return { task, doc: await task.promise };
}

describe.skipIf(!PDF)('direct reader on corpus PDFs, one per producer', () => {
  // Browsers draw list markers and quote bars as shapes, which only the direct reader sees
  // (pdf.js would need its costly operator list for them): there the two readers' Markdown
  // differs in structure by design, so the HTML samples compare the words, the others everything.
  it.each(SAMPLES)('%s: every page read directly, Markdown as with pdf.js', { timeout: 60_000 }, async (id) => {
    const { auto, pdfjs } = await bothReaders(load(id));
    expect(auto.textReader).toEqual({ direct: auto.pages, pdfjs: 0, backend: 'direct', reason: "first of textReader 'auto': direct → pdfjs" });
    expect(auto.pages).toBeGreaterThan(0);
    expect(pdfjs.textReader).toEqual({ direct: 0, pdfjs: pdfjs.pages, backend: 'pdfjs', reason: "first of textReader 'pdfjs': pdfjs" });
    if (id.includes('__html')) expect(words(auto.markdown)).toEqual(words(pdfjs.markdown));
    else expect(auto.markdown).toBe(pdfjs.markdown);
  });

  it.each(SAMPLES)('%s: first page items, styles, rules and roles equal pdf.js', { timeout: 60_000 }, async (id) => {
    const verdict = await withBoth(load(id), async (direct, doc) => comparePage(direct, await doc.getPage(1), new FontIdMap()));
    expect(verdict).toEqual({ kind: 'same' });
  });
});

describe.skipIf(!PDF)('the item comparison itself', () => {
  /** A corpus page's direct content and pdf.js content, for mutating one side. */
  async function samplePage(): Promise<{ mine: TextContent; theirs: PdfjsContent }> {
    return withBoth(load('psmisc-readme__latex'), async (direct, doc) => {
      const page = await doc.getPage(1);
      const mine = direct.page(page.ref!, page.view, page.getViewport({ scale: 1 }).transform as Matrix).content;
      const theirs = (await page.getTextContent({ includeMarkedContent: true })) as unknown as PdfjsContent;
      return { mine, theirs };
    });
  }
  const textAt = (c: TextContent) => c.items.findIndex((it) => 'str' in it && it.str.length > 0);

  it('finds a width off by one ulp, a changed string and an inconsistent font mapping', { timeout: 60_000 }, async () => {
    const { mine, theirs } = await samplePage();
    expect(diffTextContent(mine, theirs, new FontIdMap())).toBeNull();
    const i = textAt(mine);
    const mutate = (patch: object): TextContent => ({ ...mine, items: mine.items.map((it, k) => (k === i ? { ...it, ...patch } : it)) });
    const item = mine.items[i] as { width: number; str: string };
    expect(diffTextContent(mutate({ width: item.width * (1 + Number.EPSILON) }), theirs, new FontIdMap())).toMatch(/^item \d+ .*width/);
    expect(diffTextContent(mutate({ str: `${item.str}x` }), theirs, new FontIdMap())).toMatch(/str/);
    expect(diffTextContent(mutate({ fontName: 'other' }), theirs, new FontIdMap())).toMatch(/font|style/);
    expect(diffTextContent({ ...mine, items: mine.items.slice(1) }, theirs, new FontIdMap())).not.toBeNull();
  });

  it('compares marked-content ids on the MCID, whatever the id space', () => {
    const mark = (id: string | null) => ({ items: [{ type: 'beginMarkedContentProps' as const, tag: 'P', id }], styles: {} });
    expect(diffTextContent(mark('mc3'), mark('p12R_mc3'), new FontIdMap())).toBeNull();
    expect(diffTextContent(mark('mc3'), mark('p12R_mc4'), new FontIdMap())).toMatch(/id/);
    expect(diffTextContent(mark(null), mark('p12R_mc4'), new FontIdMap())).toMatch(/id/);
  });
});

/** A one-page PDF whose page shows `content` with font /F1, an embedded TrueType font when `ttf` is given. */
async function pageWithContent(content: string | Uint8Array, ttf?: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const page = doc.addPage([595, 842]);
  if (ttf) page.node.setFontDictionary(PDFName.of('F1'), trueTypeFont(doc, ttf));
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(bytes)));
  return doc.save();
}

/**
 * Embeds `ttf` as a simple WinAnsi TrueType font by hand: pdf-lib needs
 * @pdf-lib/fontkit for embedFont, which this project does not depend on.
 * One width for every glyph is enough, as both readers take widths from /Widths.
 */
function trueTypeFont(doc: PDFDocument, ttf: Uint8Array): PDFRef {
  const ctx = doc.context;
  const file = ctx.register(ctx.flateStream(ttf, { Length1: ttf.length }));
  const descriptor = ctx.register(ctx.obj({
    Type: 'FontDescriptor', FontName: 'DejaVuSans', Flags: 32, FontBBox: [-1021, -463, 1793, 1232],
    ItalicAngle: 0, Ascent: 928, Descent: -236, CapHeight: 729, StemV: 80, FontFile2: file,
  }));
  return ctx.register(ctx.obj({
    Type: 'Font', Subtype: 'TrueType', BaseFont: 'DejaVuSans', FirstChar: 32, LastChar: 126,
    Widths: Array.from({ length: 95 }, () => 600), Encoding: 'WinAnsiEncoding', FontDescriptor: descriptor,
  }));
}

const lines = (texts: string[]) => texts.map((t, i) => `BT /F1 12 Tf 72 ${770 - i * 18} Td (${t}) Tj ET`).join('\n');

describe('fallback to pdf.js', () => {
  it('a non-embedded standard font: the direct reader refuses, pdf.js reads, same Markdown', { timeout: 60_000 }, async () => {
    const data = new Uint8Array(await makePdf([['Fallback heading', 'A line in Helvetica, not embedded.'], ['Second page.']]));
    const { auto, pdfjs } = await bothReaders(data);
    expect(auto.textReader.fallback).toMatch(/^page 1: Unsupported: /);
    expect(auto.textReader.backend).toBe('direct');
    expect(auto.textReader.pdfjs).toBeGreaterThan(0);
    expect(auto.textReader.direct + auto.textReader.pdfjs).toBe(auto.pages);
    expect(auto.markdown).toBe(pdfjs.markdown);
    expect(auto.markdown).toContain('A line in Helvetica, not embedded.');
  });

  it.skipIf(!hasTtf)('an embedded TrueType font: read directly, same Markdown as pdf.js', { timeout: 60_000 }, async () => {
    const ttf = new Uint8Array(fs.readFileSync(TTF));
    const data = await pageWithContent(lines(['Embedded TrueType text', 'with a second line.']), ttf);
    const { auto, pdfjs } = await bothReaders(data);
    expect(auto.textReader).toMatchObject({ direct: 1, pdfjs: 0, backend: 'direct' });
    expect(auto.textReader.fallback).toBeUndefined();
    expect(auto.markdown).toBe(pdfjs.markdown);
    expect(auto.markdown).toContain('Embedded TrueType text');
    const verdict = await withBoth(data, async (direct, doc) => comparePage(direct, await doc.getPage(1), new FontIdMap()));
    expect(verdict).toEqual({ kind: 'same' });
  });
});

/** Deterministic noise, so a failure reproduces. */
function noise(n: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** Content streams that must neither crash convert() nor hang it, whichever reader meets them. */
const CORRUPT: Record<string, string | Uint8Array> = {
  'random bytes': noise(64 * 1024),
  'unterminated string': `BT /F1 12 Tf 72 700 Td (never closed \\) ${'x'.repeat(10_000)}`,
  'unterminated hex string': 'BT /F1 12 Tf 72 700 Td <4142434',
  'huge TJ array': `BT /F1 12 Tf 72 700 Td [${'(a) -10 '.repeat(200_000)}] TJ ET`,
  'unclosed array': `BT /F1 12 Tf 72 700 Td [${'0 '.repeat(500_000)}`,
  'deeply nested arrays': `BT /F1 12 Tf ${'['.repeat(100_000)} TJ ET`,
  'deeply nested dictionaries': `/P ${'<< /A '.repeat(50_000)} BDC (x) Tj EMC`,
  // Only 2,000 q: pdf.js is quadratic in unclosed q (20,000 take seconds, 100,000 minutes; the worker's time limit bounds it).
  'unbalanced q, BT and BDC': `${'q '.repeat(2_000)}${'BT '.repeat(1_000)}${'/P BMC '.repeat(10_000)}/F1 12 Tf (x) Tj`,
  'inline image without EI': `BI /W 100 /H 100 /BPC 8 /CS /G ID ${'\u0007'.repeat(5_000)}`,
  'operators with missing operands': 'BT Tf Td Tm TJ Tj \' " cm re l m Do ET Q Q Q',
};

type RunnerLine = { file: string; ok: boolean; code?: string; ms: number };

/** Converts `files` in a child process (hostile-runner.ts); a file using `watchdogMs` of CPU without a result is a hang. */
function convertInChild(files: string[], watchdogMs: number): Promise<{ results: RunnerLine[]; exit: number | null; hung?: string }> {
  return new Promise((resolve) => {
    // OCR of the nearly textless pages is not under test and costs seconds a page.
    const env = { ...process.env, P2M_HOSTILE_OCR: 'off' };
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'hostile-runner.ts'), ...files], { stdio: ['ignore', 'pipe', 'ignore'], env });
    const results: RunnerLine[] = [];
    let hung: string | undefined;
    const watchdog = watchCpu(child, watchdogMs / 1000, (5 * watchdogMs) / 1000, () => { hung = files[results.length]; });
    readline.createInterface({ input: child.stdout }).on('line', (l) => { results.push(JSON.parse(l) as RunnerLine); watchdog.rearm(); });
    child.on('exit', (exit) => { watchdog.stop(); resolve({ results, exit, hung }); });
  });
}

describe('corrupt content streams', () => {
  const ttf = hasTtf ? new Uint8Array(fs.readFileSync(TTF)) : undefined;
  const build = () => Promise.all(Object.values(CORRUPT).map((c) => pageWithContent(c, ttf)));

  it('convert() neither throws nor hangs (child process with a watchdog)', { timeout: 180_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-corrupt-'));
    try {
      const files = (await build()).map((data, i) => {
        const file = path.join(dir, `${i}-${Object.keys(CORRUPT)[i]!.replace(/\W+/g, '-')}.pdf`);
        fs.writeFileSync(file, data);
        return file;
      });
      const { results, exit, hung } = await convertInChild(files, 60_000);
      expect(hung, `hung on ${hung}`).toBeUndefined();
      expect(exit).toBe(0);
      expect(results.filter((r) => !r.ok)).toEqual([]);
      expect(results).toHaveLength(files.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every page is read by one reader or the other; the direct reader refuses rather than faults', { timeout: 180_000 }, async () => {
    for (const [name, data] of (await build()).map((d, i) => [Object.keys(CORRUPT)[i]!, d] as const)) {
      // OCR of the (nearly textless) pages is not under test here and costs seconds a page.
      const auto = await convert(data, { textReader: 'auto', ocr: 'off' });
      const pdfjs = await convert(data, { textReader: 'pdfjs', ocr: 'off' });
      expect(auto.textReader.direct + auto.textReader.pdfjs, name).toBe(auto.pages);
      if (auto.textReader.fallback) expect(auto.textReader.fallback, name).toMatch(/^page \d+: Unsupported: /);
      expect(auto.markdown, name).toBe(pdfjs.markdown);
    }
  });
});
