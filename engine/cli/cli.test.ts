import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseConvertArgs, parsePages } from './args.ts';
import { runConvertCli, type CliIO } from '../cli.ts';

function capture(): { io: CliIO; out: () => string; err: () => string } {
  let out = '', err = '';
  const sink = (f: (s: string) => void) => new Writable({ write(chunk, _e, cb) { f(String(chunk)); cb(); } });
  const stderr = Object.assign(sink((s) => { err += s; }), { isTTY: false }) as unknown as NodeJS.WriteStream;
  return { io: { stdout: sink((s) => { out += s; }), stderr }, out: () => out, err: () => err };
}

async function pdfWith(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 300]).drawText(text, { x: 20, y: 250, size: 12, font });
  return pdf.save();
}

describe('p2m convert arguments', () => {
  it('parses files, output, pages, ocr and jobs', () => {
    expect(parseConvertArgs(['convert', 'a.pdf', 'b.pdf', '-o', 'out', '--pages', '2-5', '--ocr=off', '--jobs', '2']))
      .toEqual({ inputs: ['a.pdf', 'b.pdf'], out: 'out', pages: { from: 2, to: 5 }, ocr: 'off', jobs: 2, fidelity: {} });
    expect(parsePages('3')).toEqual({ from: 3, to: 3 });
    expect(parsePages('5-2')).toBeNull();
    expect(parseConvertArgs(['--ocr', 'maybe', 'a.pdf'])).toHaveProperty('error');
    expect(parseConvertArgs([])).toHaveProperty('error');
  });
});

describe('p2m convert fidelity flags', () => {
  it('takes the job API\'s options as flags and refuses bad values', () => {
    const args = parseConvertArgs(['a.pdf', '-o', 'a.md', '--page-markers', '--images', 'files', '--furniture=keep', '--tables-across-pages', 'keep', '--hidden-text', 'keep']);
    expect(args).toMatchObject({ fidelity: { pageMarkers: true, images: 'files', furniture: 'keep', tablesAcrossPages: 'keep', hiddenText: 'keep' } });
    expect(parseConvertArgs(['a.pdf', '--furniture', 'maybe'])).toEqual({ error: 'bad --furniture (drop or keep)' });
    expect(parseConvertArgs(['a.pdf', '--images', 'files'])).toHaveProperty('error');
  });

  it('writes page markers into the Markdown and pictures under images/ beside it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-cli-'));
    const { makePdfWithPictures } = await import('../../test/support/pdf.ts');
    fs.writeFileSync(path.join(dir, 'pics.pdf'), await makePdfWithPictures([{ lines: ['One'] }, { lines: ['Two'], picture: true }]));
    fs.mkdirSync(path.join(dir, 'out'));
    const out = path.join(dir, 'out', 'pics.md');
    const c = capture();
    expect(await runConvertCli([path.join(dir, 'pics.pdf'), '-o', out, '--page-markers', '--images', 'files'], c.io), c.err()).toBe(0);
    const md = fs.readFileSync(out, 'utf8');
    expect(md.match(/^<!-- page \d+ -->$/gm)).toEqual(['<!-- page 1 -->', '<!-- page 2 -->']);
    expect(md).toContain('](images/p2-1.png)');
    expect(fs.readFileSync(path.join(dir, 'out', 'images', 'p2-1.png')).subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('runConvertCli', () => {
  it('writes one file to stdout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-cli-'));
    fs.writeFileSync(path.join(dir, 'one.pdf'), await pdfWith('Hello from the CLI'));
    const c = capture();
    expect(await runConvertCli([path.join(dir, 'one.pdf')], c.io)).toBe(0);
    expect(c.out()).toContain('Hello from the CLI');
  });

  it('converts a folder into -o DIR with two workers, keeps going past a bad file and exits 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-cli-'));
    fs.writeFileSync(path.join(dir, 'a.pdf'), await pdfWith('First document'));
    fs.writeFileSync(path.join(dir, 'b.pdf'), await pdfWith('Second document'));
    fs.writeFileSync(path.join(dir, 'bad.pdf'), 'not a pdf at all');
    const out = path.join(dir, 'out');
    const c = capture();
    expect(await runConvertCli([dir, '-o', out, '--jobs', '2'], c.io)).toBe(1);
    expect(fs.readFileSync(path.join(out, 'a.md'), 'utf8')).toContain('First document');
    expect(fs.readFileSync(path.join(out, 'b.md'), 'utf8')).toContain('Second document');
    expect(fs.existsSync(path.join(out, 'bad.md'))).toBe(false);
    expect(c.err()).toMatch(/bad\.pdf: not_a_pdf/);
    expect(c.err()).toContain('2 converted, 1 failed');
    expect(c.err()).not.toMatch(/\r|pages\/s/); // piped: no progress line
  });

  it('exits 2 on a usage error', async () => {
    const c = capture();
    expect(await runConvertCli(['--pages', 'x', 'a.pdf'], c.io)).toBe(2);
    expect(c.err()).toContain('usage:');
  });
});
