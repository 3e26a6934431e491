/**
 * `npm run build:extension`: bundles the extension with esbuild into
 * dist/extension/ (load it unpacked) and packs dist/p2m-extension.zip.
 * The service URL is fixed at build time from P2M_EXTENSION_SERVICE_URL
 * (default: the production origin) and can be changed on the options page.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { normaliseOrigin } from './origin.ts';
import { iconPng } from './icon.ts';
import { ICON_SIZES, manifest } from './manifest.ts';
import { zip } from './zip.ts';

/** The production origin the extension talks to unless built or set otherwise (README, "The browser extension"). */
export const PRODUCTION_SERVICE_URL = 'https://p2m.example.com';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'extension/src');
const STATIC = join(ROOT, 'extension/static');
const ENTRIES = ['background', 'popup', 'options', 'offscreen'] as const;

export type BuildOptions = { serviceUrl?: string; outDir?: string; zipPath?: string };

/** Builds the unpacked extension and its zip; returns where they are. */
export async function buildExtension(opts: BuildOptions = {}): Promise<{ outDir: string; zipPath: string; serviceUrl: string }> {
  const serviceUrl = normaliseOrigin(opts.serviceUrl ?? PRODUCTION_SERVICE_URL);
  const outDir = opts.outDir ?? join(ROOT, 'dist/extension');
  const zipPath = opts.zipPath ?? join(dirname(outDir), 'p2m-extension.zip');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: ENTRIES.map((e) => join(SRC, `${e}.ts`)),
    outdir: outDir,
    bundle: true,
    // Every entry is a module: the worker (manifest background.type) and the pages (script type=module).
    format: 'esm',
    target: 'chrome116',
    platform: 'browser',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    define: { __P2M_SERVICE_URL__: JSON.stringify(serviceUrl) },
  });
  for (const name of await readdir(STATIC)) await copyFile(join(STATIC, name), join(outDir, name));
  for (const size of ICON_SIZES) await writeFile(join(outDir, `icon-${size}.png`), iconPng(size));
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest(serviceUrl, version), null, 2)}\n`);
  const names = (await readdir(outDir)).sort();
  await writeFile(zipPath, zip(await Promise.all(names.map(async (name) => ({ name, data: await readFile(join(outDir, name)) })))));
  return { outDir, zipPath, serviceUrl };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await buildExtension({ serviceUrl: process.env.P2M_EXTENSION_SERVICE_URL || undefined });
  console.log(`Built ${relative(process.cwd(), result.outDir)}/ and ${relative(process.cwd(), result.zipPath)} for ${result.serviceUrl}`);
}
