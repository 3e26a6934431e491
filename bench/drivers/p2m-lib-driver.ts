/**
 * Bench driver for p2m through its library, `convert()` from engine/index.ts,
 * used while the `p2m convert` CLI does not exist yet. One process converts
 * many PDFs, like the peers' drivers; the bench runs two of them.
 *
 * usage: node p2m-lib-driver.ts OUTDIR PDF...   (protocol: bench/progress-line.ts)
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Convert = (data: Uint8Array) => Promise<{ markdown: string; truncated: boolean }>;

/** The path is computed so typechecking bench/ does not depend on the engine's state. */
async function loadConvert(): Promise<Convert> {
  const mod: unknown = await import(pathToFileURL(join(import.meta.dirname, '../../engine/index.ts')).href);
  const convert = (mod as { convert?: unknown }).convert;
  if (typeof convert !== 'function') throw new Error('engine/index.ts does not export convert');
  return convert as Convert;
}

async function main(argv: readonly string[]): Promise<void> {
  const [outDir, ...pdfs] = argv;
  if (!outDir) throw new Error('usage: p2m-lib-driver.ts OUTDIR PDF...');
  const convert = await loadConvert();
  for (const pdf of pdfs) {
    const id = basename(pdf, '.pdf');
    const started = performance.now();
    try {
      const result = await convert(new Uint8Array(await readFile(pdf)));
      if (result.truncated) throw new Error('truncated (time budget or page limit)');
      await writeFile(join(outDir, `${id}.md.part`), result.markdown);
      await rename(join(outDir, `${id}.md.part`), join(outDir, `${id}.md`));
      process.stdout.write(`ok\t${id}\t${((performance.now() - started) / 1000).toFixed(3)}\n`);
    } catch (e) {
      const reason = (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).replace(/[\t\n]/g, ' ').slice(0, 300);
      process.stdout.write(`err\t${id}\t${reason}\n`);
    }
  }
}

if (import.meta.main) await main(process.argv.slice(2));
