/**
 * A child's entry module as one bundled ES module, built by esbuild on first
 * use and rebuilt when any of its sources changes. A child that loads the
 * engine from its 250 TypeScript modules spends about 120 ms of CPU
 * resolving, reading and linking them (with Node's compile cache on), and
 * every call across a module boundary reads an imported binding; from one
 * file it loads in about 55 ms, and a lane of the dev corpus runs 3.3 % fewer
 * instructions. `p2m convert --jobs 2` on the dev corpus: 0.96 of the wall
 * time and CPU (README, Speed).
 *
 * It only saves time: when the bundle cannot be had (esbuild missing, the
 * folder not writable or not private, a build error, `P2M_CHILD_BUNDLE=off`),
 * the caller gets the entry itself and the child loads it from source.
 *
 * The bundle is kept in `node_modules/.cache/p2m-bundles/` of the install
 * that holds esbuild, so the packages it imports resolve as from the sources.
 * Its first line records the sources it was built from (size and times of
 * each), checked before every use. Each module's own `import.meta.url`,
 * `filename` and `dirname` are written in as constants, and `import.meta.main`
 * is false in every module but the entry, as when loaded one by one.
 */
import { randomBytes, createHash } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/** Bumped when the bundle's shape changes: every bundle of an older one is rebuilt. */
const FORMAT = 2;
const HEADER = '// p2m-bundle ';

/** One source of a bundle: its path, size, and modification and change times (ms). */
type Input = [path: string, size: number, mtimeMs: number, ctimeMs: number];
type Header = { format: number; esbuild: string; entry: string; inputs: Input[] };

/** Which module a child should load, and whether it is the bundle (`reason` says why not). */
export type ChildEntry = { module: string; bundled: boolean; reason?: string };

export type BundleOptions = {
  /** Where bundles are kept; default `node_modules/.cache/p2m-bundles` beside esbuild. */
  dir?: string;
  env?: NodeJS.ProcessEnv;
  /** A source changed this long before a build began fails it (default SETTLED_MS). */
  settledMs?: number;
};

const require = createRequire(import.meta.url);

/** The bundle of `entry` when it is fresh or can be built, else `entry` itself. Never throws. */
export async function childEntry(entry: string | URL, o: BundleOptions = {}): Promise<ChildEntry> {
  const source = entry instanceof URL ? fileURLToPath(entry) : resolve(entry);
  if ((o.env ?? process.env).P2M_CHILD_BUNDLE === 'off')
    return { module: source, bundled: false, reason: 'P2M_CHILD_BUNDLE=off' };
  try {
    const esbuildVersion = (
      JSON.parse(await readFile(require.resolve('esbuild/package.json'), 'utf8')) as { version: string }
    ).version;
    const dir = o.dir ?? defaultDir();
    await privateDir(dir);
    const target = join(
      dir,
      `${createHash('sha256').update(`${FORMAT}\0${source}`).digest('hex').slice(0, 16)}.mjs`,
    );
    if (!(await isFresh(target, source, esbuildVersion)))
      await buildOnce(source, target, esbuildVersion, o.settledMs ?? SETTLED_MS);
    return { module: target, bundled: true };
  } catch (err) {
    return { module: source, bundled: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** `node_modules/.cache/p2m-bundles` in the node_modules folder esbuild is installed in. */
function defaultDir(): string {
  const pkg = require.resolve('esbuild/package.json');
  const at = pkg.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) throw new Error(`esbuild is not inside a node_modules folder (${pkg})`);
  return join(pkg.slice(0, at), 'node_modules', '.cache', 'p2m-bundles');
}

/**
 * Makes `dir` (mode 0700) and checks it is this user's and writable by nobody
 * else: children run what it holds.
 */
async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const s = await lstat(dir);
  const uid = process.getuid?.();
  if (!s.isDirectory()) throw new Error(`${dir} is not a folder`);
  if (uid !== undefined && s.uid !== uid) throw new Error(`${dir} belongs to another user`);
  if ((s.mode & 0o022) !== 0) throw new Error(`${dir} is writable by others`);
}

/** True when `target` was built by this format and esbuild from `source`, and no source has changed since. */
async function isFresh(target: string, source: string, esbuildVersion: string): Promise<boolean> {
  const text = await readFile(target, 'utf8').catch(() => null);
  const line = text?.slice(0, text.indexOf('\n'));
  if (!line?.startsWith(HEADER)) return false;
  let header: Header;
  try {
    header = JSON.parse(line.slice(HEADER.length)) as Header;
  } catch {
    return false;
  }
  if (
    header.format !== FORMAT ||
    header.esbuild !== esbuildVersion ||
    header.entry !== source ||
    !Array.isArray(header.inputs)
  )
    return false;
  const now = await Promise.all(header.inputs.map(([path]) => describe(path).catch(() => null)));
  return now.every((d, i) => d !== null && d.every((v, k) => v === header.inputs[i]![k]));
}

async function describe(path: string): Promise<Input> {
  const s = await stat(path);
  return [path, s.size, s.mtimeMs, s.ctimeMs];
}

/** A source changed this long before a build began may not show it in its times (coarse file clocks). */
const SETTLED_MS = 2000;

/** Builds in progress in this process, by target: callers at once share one build. */
const building = new Map<string, Promise<void>>();

function buildOnce(source: string, target: string, esbuildVersion: string, settledMs: number): Promise<void> {
  let b = building.get(target);
  if (!b) {
    b = build(source, target, esbuildVersion, settledMs).finally(() => building.delete(target));
    building.set(target, b);
  }
  return b;
}

/**
 * Bundles `source` into `target`, written whole under another name and then
 * renamed, so a process that reads it meanwhile finds the old bundle or the
 * new one, never part of one. A source changed while it was read (or just
 * before: file times can be coarse) fails the build, and the entry is loaded
 * from source this once: its bundle might hold the old text under the new
 * times.
 */
async function build(
  source: string,
  target: string,
  esbuildVersion: string,
  settledMs: number,
): Promise<void> {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const absWorkingDir = dirname(source);
  const result = await esbuild
    .build({
      entryPoints: [source],
      absWorkingDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      // Not keepNames: it names each closure as it is made, in hot loops too (the
      // batch above took 1.03 of the CPU with it). Errors carry their own names.
      metafile: true,
      write: false,
      logLevel: 'silent',
      plugins: [ownImportMeta(source)],
    })
    // esbuild's service process would otherwise outlive a short command (it is not waited for, but lingers).
    .finally(() => building.size <= 1 && esbuild.stop());
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error('esbuild wrote no output');
  const inputs = await Promise.all(
    Object.keys(result.metafile.inputs).map((p) => describe(resolve(absWorkingDir, p))),
  );
  const moved = inputs.find(([, , mtimeMs, ctimeMs]) => Math.max(mtimeMs, ctimeMs) >= started - settledMs);
  if (moved) throw new Error(`${moved[0]} changed while the bundle was built`);
  const header: Header = { format: FORMAT, esbuild: esbuildVersion, entry: source, inputs };
  const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, `${HEADER}${JSON.stringify(header)}\n${code}`, { mode: 0o600 });
    await rename(tmp, target);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** import.meta's fields this plugin writes in; any other use fails the build (the entry is then loaded from source). */
const META_FIELD = /\bimport\.meta\.(url|filename|dirname|main)\b/g;

/**
 * Gives each module its own import.meta, as constants: a bundle has one
 * import.meta, its own file's, in every module. Only the entry keeps
 * `import.meta.main` (it is the child's main module).
 */
function ownImportMeta(entry: string): Plugin {
  return {
    name: 'p2m-own-import-meta',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        if (!text.includes('import.meta')) return { contents: text, loader };
        const own = { url: pathToFileURL(args.path).href, filename: args.path, dirname: dirname(args.path) };
        const contents = text.replace(META_FIELD, (whole, field: keyof typeof own | 'main') => {
          if (field !== 'main') return JSON.stringify(own[field]);
          return args.path === entry ? whole : 'false';
        });
        const rest = contents.replace(/\bimport\.meta\.main\b/g, '');
        if (/\bimport\.meta\b/.test(rest))
          throw new Error(`${args.path} uses import.meta in a way the bundle cannot keep`);
        return { contents, loader };
      });
    },
  };
}
