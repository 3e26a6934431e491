/**
 * Bench driver for @opendocsg/pdf2md, installed in bench/.peers (never in the
 * project's own dependencies). One Node process converts many PDFs.
 *
 * usage: node pdf2md-driver.ts PEERS_DIR OUTDIR PDF...
 * Prints one protocol line per PDF (bench/progress-line.ts).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

type Pdf2md = (data: Uint8Array) => Promise<string>;

function loadPdf2md(peersDir: string): Pdf2md {
  const required: unknown = createRequire(join(peersDir, 'package.json'))('@opendocsg/pdf2md');
  if (typeof required !== 'function') throw new Error('@opendocsg/pdf2md does not export a function');
  return required as Pdf2md;
}

async function main(argv: readonly string[]): Promise<void> {
  const [peersDir, outDir, ...pdfs] = argv;
  if (!peersDir || !outDir) throw new Error('usage: pdf2md-driver.ts PEERS_DIR OUTDIR PDF...');
  const pdf2md = loadPdf2md(peersDir);
  for (const pdf of pdfs) {
    const id = basename(pdf, '.pdf');
    const started = performance.now();
    try {
      const markdown = await pdf2md(new Uint8Array(await readFile(pdf)));
      await writeFile(join(outDir, `${id}.md.part`), markdown);
      await rename(join(outDir, `${id}.md.part`), join(outDir, `${id}.md`));
      process.stdout.write(`ok\t${id}\t${((performance.now() - started) / 1000).toFixed(3)}\n`);
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).replace(/[\t\n]/g, ' ').slice(0, 300);
      process.stdout.write(`err\t${id}\t${reason}\n`);
    }
  }
}

if (import.meta.main) await main(process.argv.slice(2));
