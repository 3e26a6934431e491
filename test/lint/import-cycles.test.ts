/**
 * No production module loads itself through a circle of imports: a circle
 * makes one of its modules run before its imports are initialised (job
 * creation and the link reservation used to import each other). Type-only
 * imports are erased and do not count.
 */
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, runtimeImports } from '../support/import-graph.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NOT_PRODUCTION = new Set(['node_modules', 'test', 'bench', 'data', 'tmp', 'docs']);

/**
 * The one circle left: drizzle-kit reads one schema file, which re-exports
 * the billing tables, and those reference `accounts` from it. Both sides only
 * declare tables, and references are resolved lazily (`() => accounts.id`).
 */
const KNOWN = [['db/billing-schema.ts', 'db/schema.ts']];

describe('runtime import cycles', () => {
  it('production code has none but the schema re-export', () => {
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_PRODUCTION.has(e.name))
      .map((e) => e.name);
    const graph = runtimeImports(ROOT, folders, (rel) => rel.endsWith('.test.ts') || rel.includes('node_modules'));
    expect(graph.has('core/jobs/create-job.ts')).toBe(true);
    expect(cyclesOf(graph)).toEqual(KNOWN);
  });

  it('reads runtime imports and re-exports, not type-only ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'p2m-cycles-'));
    try {
      mkdirSync(join(dir, 'x'));
      writeFileSync(join(dir, 'x/a.ts'), `import type { B } from './b.ts';\nimport {\n  c,\n} from '../c.ts';\n`);
      writeFileSync(join(dir, 'x/b.ts'), `import { a } from './a.ts';\nexport { d } from '../d.ts';\n`);
      const graph = runtimeImports(dir, ['x'], () => false);
      expect(graph.get('x/a.ts')).toEqual(['c.ts']);
      expect(graph.get('x/b.ts')).toEqual(['x/a.ts', 'd.ts']);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('finds a circle', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cyclesOf(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    expect(cyclesOf(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });
});
