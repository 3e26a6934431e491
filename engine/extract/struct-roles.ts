/**
 * Tagged PDFs: maps marked-content ids to the structure role that contains
 * them (H1..H6, P, LI, Code...), so runs can carry the author's own block
 * semantics, and marked content inside a Figure to the Figure's alt text.
 * Used as a cross-check, never as the only signal.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FigureAlt } from '../model.ts';

type StructNode = { role?: string; type?: string; id?: string; alt?: string; children?: StructNode[] };

/** What a page's structure tree says about its marked content. */
export type PageStructure = {
  /** `mc<MCID>` → the role text inside it gets. */
  roles: Map<string, string>;
  /** MCID → the alt text (/Alt, else /ActualText) of the innermost described Figure holding it. */
  alts: Map<number, string>;
};

/** The structure of a page without a tree (never written to). */
export const NO_STRUCTURE: Readonly<PageStructure> = Object.freeze({ roles: new Map<string, string>(), alts: new Map<number, string>() });

/** The alt texts as the page model keeps them. */
export function figureAlts(alts: ReadonlyMap<number, string>): FigureAlt[] {
  return [...alts].map(([mcid, alt]) => ({ mcid, alt }));
}

/** The standard structure type of pictures, whose /Alt describes them. */
export const FIGURE_ROLE = 'Figure';
/** Longest alt text kept, in characters: a description, not a document. */
export const MAX_ALT_CHARS = 500;

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

/** An alt text on one line, bounded; undefined when empty. */
export function cleanAlt(alt: string | undefined): string | undefined {
  return alt?.replace(/\s+/g, ' ').trim().slice(0, MAX_ALT_CHARS) || undefined;
}

/** pdf.js names marked content `<page id>_mc<MCID>`; the MCID, if the id has that form. */
function mcidOf(id: string): number | undefined {
  const m = /(?:^|_)mc(\d+)$/.exec(id);
  return m ? Number(m[1]) : undefined;
}

function walk(node: StructNode, role: string | undefined, alt: string | undefined, out: PageStructure, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const own = innerRole(role, node.role);
  const figureAlt = (node.role === FIGURE_ROLE ? cleanAlt(node.alt) : undefined) ?? alt;
  if (node.type === 'content' && node.id) {
    if (own) out.roles.set(node.id, own);
    const mcid = figureAlt ? mcidOf(node.id) : undefined;
    if (figureAlt && mcid !== undefined) out.alts.set(mcid, figureAlt);
  }
  for (const child of node.children ?? []) walk(child, own, figureAlt, out, depth + 1);
}

/** The page's structure as pdf.js reads it; empty when the page has no tree. */
export async function pageStructure(page: PDFPageProxy): Promise<PageStructure> {
  const out: PageStructure = { roles: new Map(), alts: new Map() };
  try {
    const tree = (await page.getStructTree()) as StructNode | null;
    if (tree) walk(tree, undefined, undefined, out, 0);
  } catch {
    // A broken structure tree is no structure tree.
  }
  return out;
}

/** Marked-content id → structure role for one page; empty when the page has no tree. */
export async function structRoles(page: PDFPageProxy): Promise<Map<string, string>> {
  return (await pageStructure(page)).roles;
}
