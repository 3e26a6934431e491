/**
 * The runtime import graph of the repository's own TypeScript files: an edge
 * per relative `import`/`export ... from` that loads the module when run
 * (`import type` and `export type` are erased, so they are left out). Small
 * and regex-based on purpose: the project writes one import per statement
 * with literal specifiers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const STATEMENT = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.{1,2}\/[^']+\.ts)'|^import\s+'(\.{1,2}\/[^']+\.ts)'/gm;

function filesUnder(root: string, dir: string, skip: (rel: string) => boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (skip(rel)) return [];
    if (e.isDirectory()) return filesUnder(root, rel, skip);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

/** file -> the files it loads at run time, both relative to root. */
export function runtimeImports(root: string, folders: readonly string[], skip: (rel: string) => boolean): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((f) => filesUnder(root, f, skip))) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(STATEMENT)) {
      if (m[2]) continue;
      const spec = m[4] ?? m[5]!;
      targets.push(relative(root, resolve(root, dirname(file), spec)));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's files, one strongly connected component of more than one file (or a self-import) each. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
