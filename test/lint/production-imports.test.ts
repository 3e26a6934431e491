/**
 * The lint rule that keeps test code out of production (eslint.config.js):
 * it fires on every way a production file can reach test/, and on none of
 * test's own files. The layering rule shares its options, so it is checked
 * here too.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FROM_TEST = 'Production code may not import from test/ (eslint.config.js).';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function messagesOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return result!.messages.map((m) => m.message);
}

describe('production code imports nothing from test/', () => {
  it.each([
    ['core/jobs/x.ts', `import { pdf } from '../../test/support/pdf.ts';\nexport const y = pdf;\n`],
    ['bench/x.ts', `export { makePdf } from '../test/support/pdf.ts';\n`],
    ['server/x.ts', `export const m = () => import('../test/support/pdf.ts');\n`],
    ['worker/x.ts', `export const child = new URL('../test/support/children/hang-child.ts', import.meta.url);\n`],
    ['engine/tables/x.ts', `import { doc } from '../../test/support/font-fixtures.ts';\nexport const y = doc;\n`],
    ['cli/x.ts', `import '../test/support/pdf.ts';\n`],
  ])('%s is refused', async (file, code) => {
    expect((await messagesOf(file, code)).join('\n')).toContain(FROM_TEST);
  });

  it.each([
    ['core/jobs/x.test.ts', `import { pdf } from '../../test/support/pdf.ts';\nexport const y = pdf;\n`],
    ['test/support/x.ts', `import { pdf } from './pdf.ts';\nexport const y = pdf;\n`],
    ['core/jobs/x.ts', `import { z } from 'zod';\nexport const y = z;\n`],
  ])('%s passes', async (file, code) => {
    expect((await messagesOf(file, code)).join('\n')).not.toContain(FROM_TEST);
  });

  it('a layer file keeps its layering rule beside the test/ rule', async () => {
    const messages = await messagesOf('core/jobs/x.ts', `import { V2_ROUTES } from '../../rest/routes.ts';\nexport const y = V2_ROUTES;\n`);
    expect(messages.some((m) => m.includes('core/ may not import'))).toBe(true);
  });
});
