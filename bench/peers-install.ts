/**
 * Installs the peers the bench compares against, idempotently: each step
 * first checks whether its tool is already there. Nothing goes into the
 * project's own package.json: npm peers live in bench/.peers, Python peers
 * in bench/.venv, pdftotext comes from Debian's poppler-utils.
 * A failed step is returned as a reason for the results table, never thrown.
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execQuiet, lastLines } from './exec.ts';

export type Installed = { ok: true; version: string } | { ok: false; reason: string };

/**
 * Python packages, pinned. markitdown 0.1.9 needs certifi>=2026.10.19, which the
 * package index reachable here does not have, so 0.1.8. pymupdf4llm 2.0 on the
 * index is an empty wheel (no module), so 1.28.2 (it brings pymupdf-layout).
 */
export const PY_PACKAGES = {
  markitdown: { spec: 'markitdown[pdf]==0.1.8', dist: 'markitdown' },
  opendataloader: { spec: 'opendataloader-pdf==2.5.16', dist: 'opendataloader-pdf' },
  pymupdf4llm: { spec: 'pymupdf4llm==1.28.2', dist: 'pymupdf4llm' },
  rapidfuzz: { spec: 'rapidfuzz==3.14.6', dist: 'rapidfuzz' },
} as const;
export type PyPackage = keyof typeof PY_PACKAGES;

export const PDF2MD_VERSION = '0.3.2';

const exists = (p: string): Promise<boolean> => access(p).then(() => true, () => false);

export async function ensurePdftotext(): Promise<Installed> {
  const probe = async (): Promise<Installed | undefined> => {
    const r = await execQuiet('pdftotext', ['-v']);
    const v = /pdftotext version (\S+)/.exec(r.stderr + r.stdout);
    return v?.[1] ? { ok: true, version: `poppler ${v[1]}` } : undefined;
  };
  const have = await probe();
  if (have) return have;
  let r = await execQuiet('apt-get', ['install', '-y', '-q', 'poppler-utils']);
  if (r.code !== 0) {
    await execQuiet('apt-get', ['update', '-q']);
    r = await execQuiet('apt-get', ['install', '-y', '-q', 'poppler-utils']);
  }
  return (await probe()) ?? { ok: false, reason: `apt-get install poppler-utils failed: ${lastLines(r.stderr)}` };
}

export async function ensurePdf2md(peersDir: string): Promise<Installed> {
  const pkgJson = join(peersDir, 'node_modules/@opendocsg/pdf2md/package.json');
  const version = async (): Promise<string | undefined> => {
    const parsed: unknown = JSON.parse(await readFile(pkgJson, 'utf8').catch(() => '{}'));
    const v = (parsed as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  };
  const have = await version();
  if (have === PDF2MD_VERSION) return { ok: true, version: have };
  await mkdir(peersDir, { recursive: true });
  const manifest = { name: 'p2m-bench-peers', private: true, dependencies: { '@opendocsg/pdf2md': PDF2MD_VERSION } };
  await writeFile(join(peersDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  const r = await execQuiet('npm', ['install', '--prefix', peersDir, '--no-audit', '--no-fund', '--loglevel=error']);
  const now = await version();
  return now ? { ok: true, version: now } : { ok: false, reason: `npm install failed: ${lastLines(r.stderr)}` };
}

/** Creates bench/.venv once, then installs each pinned package that is missing. */
export async function ensureVenv(venvDir: string): Promise<Record<PyPackage, Installed>> {
  const python = join(venvDir, 'bin/python');
  if (!(await exists(python))) {
    const r = await execQuiet('python3', ['-m', 'venv', venvDir]);
    if (r.code !== 0) {
      const reason = `python3 -m venv failed: ${lastLines(r.stderr)}`;
      return Object.fromEntries(Object.keys(PY_PACKAGES).map((k) => [k, { ok: false, reason }])) as Record<PyPackage, Installed>;
    }
  }
  const out = {} as Record<PyPackage, Installed>;
  for (const key of Object.keys(PY_PACKAGES) as PyPackage[]) out[key] = await ensurePyPackage(python, key);
  return out;
}

async function ensurePyPackage(python: string, key: PyPackage): Promise<Installed> {
  const { spec, dist } = PY_PACKAGES[key];
  const wanted = spec.split('==')[1] ?? '';
  const version = async (): Promise<string | undefined> => {
    const r = await execQuiet(python, ['-c', `import importlib.metadata as m; print(m.version(${JSON.stringify(dist)}))`]);
    return r.code === 0 ? r.stdout.trim() : undefined;
  };
  if ((await version()) === wanted) return { ok: true, version: wanted };
  const r = await execQuiet(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', spec]);
  const now = await version();
  if (now === wanted) return { ok: true, version: now };
  return { ok: false, reason: `pip install ${spec} failed: ${lastLines(r.stderr)}` };
}

/** opendataloader-pdf runs a bundled JAR; without a working java it cannot run at all. */
export async function checkJava(): Promise<Installed> {
  const r = await execQuiet('java', ['-version']);
  const v = /version "([^"]+)"/.exec(r.stderr);
  return r.code === 0 && v?.[1] ? { ok: true, version: `java ${v[1]}` } : { ok: false, reason: `java not usable: ${lastLines(r.stderr)}` };
}
