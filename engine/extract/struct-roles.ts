/**
 * Tagged PDFs: maps marked-content ids to the structure role that contains
 * them (H1..H6, P, LI, Code...), so runs can carry the author's own block
 * semantics. Used as a cross-check, never as the only signal.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type StructNode = { role?: string; type?: string; id?: string; children?: StructNode[] };

/** Roles that say what kind of block text belongs to; other roles inherit their parent's. */
const MEANINGFUL = /^(?:H[1-6]?|P|LI|Lbl|LBody|TH|TD|Code|BlockQuote|Caption|TOCI|Title)$/;
/** Deep or cyclic trees are cut off here. */
const MAX_DEPTH = 64;

/** Once inside one of these, inner roles (inline Code, Link, a P inside an LI) do not override it. */
const STICKY = /^(?:H[1-6]?|P|LI|TH|TD|Caption|TOCI|Title)$/;

/**
 * The role text inside a structure element gets: the inherited role if it is
 * sticky, else the element's own role if it is meaningful, else the inherited one.
 */
export function innerRole(inherited: string | undefined, role: string | undefined): string | undefined {
  return inherited && STICKY.test(inherited) ? inherited : role && MEANINGFUL.test(role) ? role : inherited;
}

function walk(node: StructNode, role: string | undefined, out: Map<string, string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const own = innerRole(role, node.role);
  if (node.type === 'content' && node.id && own) out.set(node.id, own);
  for (const child of node.children ?? []) walk(child, own, out, depth + 1);
}

/** Marked-content id → structure role for one page; empty when the page has no tree. */
export async function structRoles(page: PDFPageProxy): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  try {
    const tree = (await page.getStructTree()) as StructNode | null;
    if (tree) walk(tree, undefined, out, 0);
  } catch {
    // A broken structure tree is no structure tree.
  }
  return out;
}
