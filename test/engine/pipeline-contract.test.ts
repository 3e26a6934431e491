/**
 * What later stages may assume about earlier ones, checked on a real
 * document read like convert() reads it: the stage order, that `lines` gives
 * every page with text its lines, that reading order sets `flow`, that
 * `blocks` gives pages their blocks and that no stage after it loses a
 * word, and that no stage changes the document it was given.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PageReader } from '../../engine/extract/page-reader.ts';
import { DEFAULT_CONFIG, renderDoc, STAGES, type Doc } from '../../engine/index.ts';

async function sample(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  for (let n = 1; n <= 3; n++) {
    const p = pdf.addPage([612, 792]);
    p.drawText('Field Manual', { x: 72, y: 760, size: 9, font: body });
    p.drawText(`Chapter ${n} Overview`, { x: 72, y: 710, size: 18, font: bold });
    p.drawText('The pump station delivers water to the upper reservoir each morning.', { x: 72, y: 680, size: 11, font: body });
    p.drawText('Operators check the valves before the first cycle begins.', { x: 72, y: 666, size: 11, font: body });
    p.drawText('• inspect the intake screen', { x: 72, y: 636, size: 11, font: body });
    p.drawText('• record the meter reading', { x: 72, y: 622, size: 11, font: body });
    p.drawText('pump --status --verbose', { x: 72, y: 596, size: 10, font: mono });
    ['Valve', 'Pressure', 'State'].forEach((t, i) => p.drawText(t, { x: 72 + i * 120, y: 560, size: 11, font: bold }));
    for (let r = 0; r < 3; r++) ['V' + (r + 1), `${40 + r * 5} kPa`, r ? 'open' : 'closed'].forEach((t, i) => p.drawText(t, { x: 72 + i * 120, y: 544 - r * 14, size: 11, font: body }));
    p.drawText(`${n}`, { x: 300, y: 40, size: 9, font: body });
  }
  return pdf.save();
}

async function readDoc(data: Uint8Array): Promise<Doc> {
  const reader = await PageReader.open(data);
  try {
    const pages = [];
    for (let n = 1; n <= reader.pageCount; n++) pages.push(await reader.read(n));
    await reader.settle(pages);
    return { pages, signals: { outline: [], tagged: false }, warnings: [] };
  } finally {
    await reader.close();
  }
}

const WORDS = ['pump', 'station', 'reservoir', 'valves', 'intake', 'meter', 'verbose', 'Pressure', 'closed', 'Overview'];
const at = (name: string) => STAGES.findIndex((s) => s.name === name);

describe('pipeline contract', () => {
  it('orders the stages as later ones assume', () => {
    expect(at('typewriter')).toBeLessThan(at('lines'));
    expect(at('boldBody')).toBeLessThan(at('lines'));
    for (const s of ['furniture', 'tables', 'readingOrder']) expect(at('lines')).toBeLessThan(at(s));
    expect(at('tables')).toBeLessThan(at('readingOrder'));
    for (const s of ['headings', 'code', 'lists', 'quotes', 'joinTables']) expect(at('blocks')).toBeLessThan(at(s));
  });

  it('hands each stage what it needs, never changes its input, and loses no word after blocks', async () => {
    let d = await readDoc(await sample());
    for (const stage of STAGES) {
      const before = JSON.stringify(d);
      const next = stage.run(d, DEFAULT_CONFIG);
      expect(JSON.stringify(d), `${stage.name} changed its input`).toBe(before);
      d = next;
      const done = STAGES.indexOf(stage);
      if (done >= at('lines')) for (const p of d.pages) expect(p.runs.length === 0 || p.lines.length > 0, `${stage.name}: page ${p.number} lines`).toBe(true);
      if (done >= at('readingOrder')) for (const p of d.pages) expect(p.flow, `${stage.name}: page ${p.number} flow`).toBeDefined();
      if (done >= at('blocks')) {
        for (const p of d.pages) expect(p.blocks.length, `${stage.name}: page ${p.number} blocks`).toBeGreaterThan(0);
        const md = renderDoc(d);
        for (const w of WORDS) expect(md, `${stage.name} lost '${w}'`).toContain(w);
      }
    }
  });
});
