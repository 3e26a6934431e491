/**
 * Every list that holds a route record declaring tRPC procedures (`rpc`),
 * directly or through a list it spreads, keeps its literal type:
 * `[...] as const satisfies readonly Route[]`, with no type annotation.
 * AppRouter's procedure types are computed from the lists' element types
 * (server/app-router.ts); without `as const` the array's element type is
 * reduced to the wide Route whenever one element is a record without `rpc`,
 * an annotation widens it always, and the procedures vanish from the typed
 * clients while the server still serves them: nothing fails to compile.
 *
 * Read from the syntax (the TypeScript parser, no type checker: a checked
 * program of the server takes tens of seconds), so the rule is stated on
 * what the files say: a record is `defineRoute(...)`/`defineHandlerRoute(...)`
 * with an `rpc` property, a list an array literal, and names are followed
 * through top-level `const`s across the folders below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where route records and their lists are written. */
const FOLDERS = ['rest', 'web', 'server', 'tools', 'http', 'discovery', 'rpc'];
const DEFINERS = new Set(['defineRoute', 'defineHandlerRoute']);

type Source = { file: string; text: string };
type Decl = { file: string; name: string; node: ts.VariableDeclaration };

function sourcesUnder(dir: string): Source[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .map((path) => ({ file: path.slice(ROOT.length), text: readFileSync(path, 'utf8') }));
}

/** The expression under `as`, `satisfies` and parentheses. */
function bare(e: ts.Expression): ts.Expression {
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
  return e;
}

/** `[...] as const satisfies X`, or `[...] as const`. */
function keepsLiteralType(init: ts.Expression): boolean {
  const asConst = ts.isSatisfiesExpression(init) ? init.expression : init;
  return ts.isAsExpression(asConst) && ts.isTypeReferenceNode(asConst.type) && asConst.type.typeName.getText() === 'const';
}

/** The lists holding records with `rpc` that do not keep their literal type, as `file: NAME (why)`. */
function listsLosingTheirType(sources: readonly Source[]): { checked: string[]; losing: string[] } {
  const decls = new Map<string, Decl[]>();
  for (const { file, text } of sources) {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const stmt of sf.statements) {
      if (!ts.isVariableStatement(stmt)) continue;
      for (const node of stmt.declarationList.declarations) {
        if (ts.isIdentifier(node.name) && node.initializer) {
          const name = node.name.text;
          decls.set(name, [...(decls.get(name) ?? []), { file, name, node }]);
        }
      }
    }
  }
  const seen = new Set<ts.Node>();
  const carriesRpc = (e: ts.Expression): boolean => {
    const b = bare(e);
    if (seen.has(b)) return false;
    seen.add(b);
    try {
      if (ts.isCallExpression(b) && ts.isIdentifier(b.expression) && DEFINERS.has(b.expression.text)) {
        const [def] = b.arguments;
        return !!def && ts.isObjectLiteralExpression(def) && def.properties.some((p) => p.name?.getText() === 'rpc');
      }
      if (ts.isIdentifier(b)) return (decls.get(b.text) ?? []).some((d) => carriesRpc(d.node.initializer!));
      if (ts.isArrayLiteralExpression(b)) return b.elements.some((el) => carriesRpc(ts.isSpreadElement(el) ? el.expression : el));
      return false;
    } finally {
      seen.delete(b);
    }
  };
  const checked: string[] = [];
  const losing: string[] = [];
  for (const d of [...decls.values()].flat()) {
    const init = d.node.initializer!;
    if (!ts.isArrayLiteralExpression(bare(init)) || !carriesRpc(init)) continue;
    const name = `${d.file}: ${d.name}`;
    checked.push(name);
    if (d.node.type) losing.push(`${name} (annotated ${d.node.type.getText()})`);
    else if (!keepsLiteralType(init)) losing.push(`${name} (no \`as const\`)`);
  }
  return { checked: checked.sort(), losing: losing.sort() };
}

describe('route lists keep their literal type', () => {
  it('every list holding records with tRPC procedures is `as const satisfies readonly Route[]`', () => {
    const { checked, losing } = listsLosingTheirType(FOLDERS.flatMap(sourcesUnder));
    // The lists AppRouter is computed from are among those checked (the rule is not vacuous).
    expect(checked).toEqual(expect.arrayContaining(['rest/routes.ts: V2_ROUTES', 'rest/v2/job-routes.ts: JOB_ROUTES', 'rest/v2/me.ts: ME_ROUTES']));
    expect(losing).toEqual([]);
  });

  const record = (rpc: boolean) => `defineRoute({ method: 'get', path: '/x', ${rpc ? "rpc: 'x.y', " : ''}statuses: [] })`;
  it.each([
    ['without `as const`', `export const L = [${record(true)}, ${record(false)}] satisfies readonly Route[];`, ['a.ts: L (no `as const`)']],
    ['annotated', `export const L: readonly Route[] = [${record(true)}];`, ['a.ts: L (annotated readonly Route[])']],
    ['as const satisfies', `export const L = [${record(true)}, ${record(false)}] as const satisfies readonly Route[];`, []],
    ['holding no procedures', `export const L: readonly Route[] = [${record(false)}];`, []],
  ])('a list %s', (_, text, expected) => {
    expect(listsLosingTheirType([{ file: 'a.ts', text }]).losing).toEqual(expected);
  });

  it('follows records and lists by name, across files, through spreads', () => {
    const sources = [
      { file: 'a.ts', text: `const one = ${record(true)};\nexport const INNER = [one] as const satisfies readonly Route[];` },
      { file: 'b.ts', text: `export const OUTER = [${record(false)}, ...INNER];\nexport const PLAIN = [${record(false)}];` },
    ];
    expect(listsLosingTheirType(sources)).toEqual({ checked: ['a.ts: INNER', 'b.ts: OUTER'], losing: ['b.ts: OUTER (no `as const`)'] });
  });
});
