/**
 * One page read by both readers: the direct reader's text content, rules and
 * structure roles against pdf.js's getTextContent, extractRules (its
 * operator list) and getStructTree, exactly as page-reader.ts would call each.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import { Unsupported, type Matrix } from '../../engine/extract/direct/types.ts';
import { structRoles } from '../../engine/extract/struct-roles.ts';
import { hasMarkedIds } from '../../engine/extract/text-runs.ts';
import type { Rule } from '../../engine/model.ts';
import { extractRules } from '../../engine/tables/extract-rules.ts';
import { diffTextContent, mcid, type FontIdMap, type PdfjsContent } from './item-diff.ts';

/** How one page compared. */
export type PageVerdict =
  | { kind: 'same' }
  | { kind: 'different'; what: string }
  /** The direct reader refused the page (the engine falls back to pdf.js): not a mismatch. */
  | { kind: 'unsupported'; reason: string }
  /** The direct reader threw something other than Unsupported: a fault (the engine falls back too). */
  | { kind: 'error'; reason: string };

const ruleText = (r: Rule) => `${r.orientation}(${r.box.x0},${r.box.y0},${r.box.x1},${r.box.y1})`;

/** Rules compared in order, coordinate for coordinate. */
export function diffRules(mine: readonly Rule[], theirs: readonly Rule[]): string | null {
  const n = Math.max(mine.length, theirs.length);
  for (let i = 0; i < n; i++) {
    const a = mine[i] ? ruleText(mine[i]!) : '(end)';
    const b = theirs[i] ? ruleText(theirs[i]!) : '(end)';
    if (a !== b) return `rule ${i}: pdf.js ${b}, direct ${a} (counts ${theirs.length}/${mine.length})`;
  }
  return null;
}

/** Roles keyed by MCID, so both id spaces compare. */
function byMcid(roles: ReadonlyMap<string, string>): string {
  return [...roles].map(([id, role]) => `${mcid(id)}=${role}`).sort().join(' ');
}

/** Compares page `page` as the two readers see it; `fonts` is the document's font id mapping. */
export async function comparePage(direct: DirectDocument, page: PDFPageProxy, fonts: FontIdMap): Promise<PageVerdict> {
  const vp = page.getViewport({ scale: 1 });
  let read;
  try {
    if (!page.ref) throw new Unsupported('page has no object reference');
    read = direct.page(page.ref, page.view, vp.transform as Matrix);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return e instanceof Unsupported ? { kind: 'unsupported', reason } : { kind: 'error', reason: `${(e as Error).name}: ${reason}` };
  }
  const content = (await page.getTextContent({ includeMarkedContent: true })) as unknown as PdfjsContent;
  const text = diffTextContent(read.content, content, fonts);
  if (text) return { kind: 'different', what: text };
  const rules = diffRules(read.rules, await extractRules(page, vp.height));
  if (rules) return { kind: 'different', what: rules };
  // The engine reads roles only for pages whose items carry marked-content ids; so does this check.
  if (!hasMarkedIds(read.content.items)) return { kind: 'same' };
  let mine;
  try {
    mine = byMcid(direct.structRoles(read));
  } catch (e) {
    if (e instanceof Unsupported) return { kind: 'unsupported', reason: `struct roles: ${e.message}` };
    return { kind: 'error', reason: `struct roles: ${String(e)}` };
  }
  const theirs = byMcid(await structRoles(page));
  if (mine !== theirs) return { kind: 'different', what: `struct roles: pdf.js [${theirs.slice(0, 200)}], direct [${mine.slice(0, 200)}]` };
  return { kind: 'same' };
}
