/**
 * Hand-made tagged PDFs for the structure-tree tests: one A4 page of text in
 * the embedded TrueType font of ttf-pdf.ts (read by both text readers), each
 * piece of text its own marked content (an MCID) held by the structure
 * element that lists it, with a StructTreeRoot, ParentTree and MarkInfo as
 * Chromium, Word and LibreOffice write them. The content stream paints the
 * pieces in the order given by `paint` (default: tree order), so a test can
 * make the tree's order differ from the order the page is drawn in; artifacts
 * are painted as `/Artifact` marked content the tree does not hold.
 */
import fs from 'node:fs';
import { PDFDocument, PDFName, PDFNumber, type PDFRef } from 'pdf-lib';
import { TTF, encode, trueTypeFont } from './ttf-pdf.ts';

/** A piece of text at (x, y) in PDF user space (bottom-left origin), `size` points (default 10). */
export type TagText = { text: string; x: number; y: number; size?: number; paint?: number };
/** A structure element: its role (`S`), kids, and attributes (`/A`, e.g. `{ O: 'List', ListNumbering: 'Decimal' }`). */
export type TagElem = { role: string; kids: TagKid[]; attrs?: Record<string, string> };
export type TagKid = TagElem | TagText;

export type StructPdf = {
  /** The top-level elements (under the root's single Document element unless `noDocument`). */
  tree: TagElem[];
  /** Text painted as artifacts (running headers, page numbers): in the content, not in the tree. */
  artifacts?: TagText[];
  /** Role names → standard roles (the root's /RoleMap). */
  roleMap?: Record<string, string>;
};

const isText = (k: TagKid): k is TagText => 'text' in k;

function show(t: TagText, high: readonly string[]): string {
  return `BT /F1 ${t.size ?? 10} Tf ${t.x} ${t.y} Td ${encode(t.text, high)} Tj ET`;
}

/** The characters beyond ASCII the texts use, for the font's ToUnicode (ttf-pdf.ts). */
function highChars(texts: readonly TagText[]): string[] {
  return [...new Set(texts.flatMap((t) => [...t.text].filter((c) => c.codePointAt(0)! > 126)))];
}

/** A one-page tagged PDF of `spec`. */
export async function structPdf(spec: StructPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const page = doc.addPage([595, 842]);
  const rootRef = ctx.nextRef();
  const parents: PDFRef[] = [];
  const pieces: { t: TagText; mcid: number; role: string }[] = [];
  const build = (e: TagElem, parent: PDFRef): PDFRef => {
    const ref = ctx.nextRef();
    const kids = e.kids.map((k) => {
      if (!isText(k)) return build(k, ref);
      const mcid = pieces.length;
      pieces.push({ t: k, mcid, role: e.role });
      parents.push(ref);
      return PDFNumber.of(mcid);
    });
    const dict = ctx.obj({ Type: 'StructElem', S: e.role, P: parent, Pg: page.ref, K: kids });
    if (e.attrs) dict.set(PDFName.of('A'), ctx.obj(e.attrs));
    ctx.assign(ref, dict);
    return ref;
  };
  const docRef = ctx.nextRef();
  const top = spec.tree.map((e) => build(e, docRef));
  ctx.assign(docRef, ctx.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: top }));
  const root = ctx.obj({ Type: 'StructTreeRoot', K: [docRef], ParentTree: ctx.obj({ Nums: [0, parents] }) });
  if (spec.roleMap) root.set(PDFName.of('RoleMap'), ctx.obj(spec.roleMap));
  ctx.assign(rootRef, root);
  doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  doc.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
  page.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
  const high = highChars([...pieces.map((p) => p.t), ...(spec.artifacts ?? [])]);
  page.node.setFontDictionary(PDFName.of('F1'), trueTypeFont(doc, new Uint8Array(fs.readFileSync(TTF)), high));
  const painted = [...pieces].sort((a, b) => (a.t.paint ?? a.mcid) - (b.t.paint ?? b.mcid));
  const content = [
    ...(spec.artifacts ?? []).map((t) => `/Artifact BMC ${show(t, high)} EMC`),
    ...painted.map((p) => `/${p.role} <</MCID ${p.mcid}>> BDC ${show(p.t, high)} EMC`),
  ].join('\n');
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(new TextEncoder().encode(content))));
  return doc.save();
}

/** Lines of text from (x, y) downwards, `pitch` points apart, `size` points. */
export function textAt(lines: readonly string[], x: number, y: number, size = 10, pitch = size * 1.4): TagText[] {
  return lines.map((text, i) => ({ text, x, y: y - i * pitch, size }));
}

/** An element of `role` holding `kids`. */
export const el = (role: string, ...kids: TagKid[]): TagElem => ({ role, kids });
