/**
 * The LibreOffice producers: pages written as flat ODF (.fodt for Writer,
 * .fods for Calc) and exported by `soffice --headless --convert-to pdf`, in
 * batches, with a profile of its own under the output folder.
 */
import { existsSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execQuiet, lastLines } from '../exec.ts';
import type { Case } from './cases.ts';
import { calcDraws, pageCalc } from './page-calc.ts';
import { pageWriter, writerDraws } from './page-writer.ts';
import { onPathAt, type Producer } from './producer.ts';

export const SOFFICE = process.env.P2M_SOFFICE ?? 'soffice';
const BATCH = 40;

/**
 * Why LibreOffice cannot draw with one of its applications here, or null.
 * Each application is a package of its own (`libreoffice-calc-nogui` beside
 * `libreoffice-writer-nogui`) and a library beside `soffice` (`libsclo.so`
 * for Calc, `libswlo.so` for Writer). Without it soffice does not fail: it
 * opens the flat ODF as plain text and prints its XML, which would be scored
 * as if the engine had read nothing.
 */
export function officeMissing(soffice: string, library: string): string | null {
  const path = onPathAt(soffice);
  if (!path) return `${soffice} not found (set P2M_SOFFICE)`;
  return existsSync(join(dirname(realpathSync(path)), `${library}.so`)) ? null : `${soffice} has no ${library}.so beside it (the application is not installed)`;
}

function office(name: 'writer' | 'calc', ext: 'fodt' | 'fods', draws: (c: Case) => boolean, write: (c: Case) => string, pkg: string, library: string): Producer {
  return {
    name,
    install: `apt-get install -y --no-install-recommends ${pkg}`,
    missing: () => officeMissing(SOFFICE, library),
    draws,
    async render(cases, out) {
      const src = join(out, name);
      await mkdir(join(src, 'pdf'), { recursive: true });
      const profile = pathToFileURL(join(out, 'lo-profile')).href;
      for (let i = 0; i < cases.length; i += BATCH) {
        const batch = cases.slice(i, i + BATCH);
        for (const c of batch) await writeFile(join(src, `${c.id}.${ext}`), write(c));
        const r = await execQuiet(SOFFICE, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', join(src, 'pdf'),
          ...batch.map((c) => join(src, `${c.id}.${ext}`))], 600_000);
        if (r.code !== 0) throw new Error(`soffice exited ${r.code}: ${lastLines(r.stderr)}`);
        for (const c of batch) {
          await copyFile(join(src, 'pdf', `${c.id}.pdf`), join(out, 'pdf', `${c.id}.pdf`)).catch(() => {
            throw new Error(`soffice made no PDF of ${c.id} (${join(src, `${c.id}.${ext}`)}): ${lastLines(r.stdout + r.stderr)}`);
          });
        }
      }
    },
  };
}

export const writerProducer = office('writer', 'fodt', (c) => writerDraws(c.doc), (c) => pageWriter(c.doc, c.id), 'libreoffice-writer-nogui', 'libswlo');
export const calcProducer = office('calc', 'fods', (c) => c.kind === 'table' && calcDraws(c.doc), (c) => pageCalc(c.doc), 'libreoffice-calc-nogui', 'libsclo');
