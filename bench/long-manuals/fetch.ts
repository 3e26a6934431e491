/**
 * The long-manuals set: PDFs from Debian documentation packages (TeX,
 * texinfo, groff, dvipdfmx and DocBook manuals, type samples), none of which
 * the engine was tuned on. Each package is fetched with `apt-get download`
 * into a cache folder and unpacked there with `dpkg-deb -x`; its PDFs (gzipped
 * ones unpacked) are copied flat into CACHE/pdf as `<package>__<name>.pdf`.
 * Nothing is committed: the folder defaults to ~/.cache/p2m-long-manuals.
 *
 * usage: node bench/long-manuals/fetch.ts [CACHE_DIR] [--packages a,b,c]
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { execQuiet, lastLines } from '../exec.ts';

/** Debian packages whose PDFs make the set: a spread of producers and of manual lengths. */
export const PACKAGES = [
  'zsh-doc', // texinfo + TeX CM fonts, 480 pages
  'glpk-doc', // dvipdfmx, Type 3 and CFF fonts
  'groff', // groff/mom examples: slides, letters, pdfmark
  'gap-doc', // GAPDoc (LaTeX), many manuals
  'r-doc-pdf', // R reference manual, 2,400+ pages
  'fonts-sil-mingzat', // a Lepcha type sample (glyphs without Unicode mappings)
  'xfig-doc', // vector figures
  'asymptote-doc', // LaTeX with figures
  'gnuplot-doc', // LaTeX with plots
  'octave-doc', // texinfo, long
];

export const defaultCache = (): string => join(homedir(), '.cache', 'p2m-long-manuals');

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

/** Downloads and unpacks one package; returns the PDFs it added to `pdfDir`. */
async function fetchPackage(cache: string, pdfDir: string, pkg: string): Promise<string[]> {
  const debDir = join(cache, 'deb');
  await mkdir(debDir, { recursive: true });
  const have = (await readdir(debDir)).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (!have) {
    const r = await execQuiet('sh', ['-c', `cd "${debDir}" && apt-get download ${pkg}`]);
    if (r.code !== 0) throw new Error(`apt-get download ${pkg}: ${lastLines(r.stderr)}`);
  }
  const deb = (await readdir(debDir)).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (!deb) throw new Error(`no .deb for ${pkg}`);
  const tree = join(cache, 'tree', pkg);
  await rm(tree, { recursive: true, force: true });
  await mkdir(tree, { recursive: true });
  const x = await execQuiet('dpkg-deb', ['-x', join(debDir, deb), tree]);
  if (x.code !== 0) throw new Error(`dpkg-deb -x ${deb}: ${lastLines(x.stderr)}`);
  const out: string[] = [];
  for await (const f of files(tree)) {
    const name = basename(f);
    if (!/\.pdf(\.gz)?$/i.test(name)) continue;
    const target = join(pdfDir, `${pkg}__${name.replace(/\.gz$/i, '')}`);
    if (name.endsWith('.gz')) await pipeline(createReadStream(f), createGunzip(), createWriteStream(target));
    else await copyFile(f, target);
    out.push(target);
  }
  await rm(tree, { recursive: true, force: true });
  return out;
}

/** Fetches every package of `packages` into `cache`; a package that fails is reported and skipped. */
export async function fetchLongManuals(cache: string, packages: readonly string[] = PACKAGES): Promise<string> {
  const pdfDir = join(cache, 'pdf');
  await mkdir(pdfDir, { recursive: true });
  for (const pkg of packages) {
    try {
      const got = await fetchPackage(cache, pdfDir, pkg);
      console.error(`${pkg}: ${got.length} PDF(s)`);
    } catch (err) {
      console.error(`${pkg}: skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return pdfDir;
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--packages');
  const packages = at >= 0 ? (argv[at + 1] ?? '').split(',').filter(Boolean) : PACKAGES;
  const cache = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--packages') ?? defaultCache();
  if (!existsSync('/usr/bin/apt-get')) throw new Error('apt-get is needed (Debian packages)');
  console.log(await fetchLongManuals(cache, packages));
}
