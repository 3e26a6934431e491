/** The LaTeX producer: each page as a .tex file compiled by pdflatex (Debian texlive-latex-recommended). */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execQuiet, lastLines } from '../exec.ts';
import type { Case } from './cases.ts';
import { latexCanSet, pageLatex } from './page-latex.ts';
import { onPath, type Producer } from './producer.ts';

export const latexProducer: Producer = {
  name: 'latex',
  install: 'apt-get install -y --no-install-recommends texlive-latex-recommended',
  missing: () => (onPath('pdflatex') ? null : 'pdflatex not found'),
  draws: (c: Case) => latexCanSet(c.doc),
  async render(cases, out) {
    const src = join(out, 'latex');
    await mkdir(src, { recursive: true });
    for (const c of cases) {
      await writeFile(join(src, `${c.id}.tex`), pageLatex(c.doc, c.id));
      const r = await execQuiet('pdflatex', ['-interaction=batchmode', '-halt-on-error', '-output-directory', src, join(src, `${c.id}.tex`)], 120_000);
      if (r.code !== 0) throw new Error(`pdflatex failed on ${c.id} (see ${join(src, `${c.id}.log`)}): ${lastLines(r.stdout + r.stderr)}`);
      await copyFile(join(src, `${c.id}.pdf`), join(out, 'pdf', `${c.id}.pdf`));
    }
  },
};
