/**
 * Structure roles of a tagged PDF without pdf.js: for each page, which role
 * (H1, P, LI…) holds each marked-content id, equal to what
 * engine/extract/struct-roles.ts reads from pdf.js's getStructTree. The
 * ParentTree entry named by the page's /StructParents (plus those of its
 * annotations' /StructParent, as pdf.js adds them) gives the elements that
 * hold the page's content; struct-page.ts links them into pdf.js's tree.
 */
import { isDict, isName, isRef, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import { NumberTree, type ObjectReader } from './number-tree.ts';
import { GuardedReader, guard } from './object-source.ts';
import { PageStructTree, refId, type Key, type RefId, type StructContext } from './struct-page.ts';
import { emptyStructure, type PageStructure } from '../struct-roles.ts';
import { Unsupported } from './types.ts';

/** Pages tree levels searched for an inherited /Annots. */
const MAX_INHERIT = 100;

/** The structure tree of one document; `page()` gives each page's roles. */
export class StructRoles {
  private readonly ctx: StructContext;
  private readonly parentTree: NumberTree | null;
  private readonly objects: ObjectReader;
  private readonly root: PdfDict;
  private positions: Map<RefId, number> | null | undefined;

  /** `root` is the catalog's /StructTreeRoot dictionary. */
  constructor(objects: ObjectReader, root: PdfDict) {
    this.objects = objects;
    this.root = root;
    const roleMap = new Map<string, string>();
    const rm = guard(() => objects.lookup(root, 'RoleMap'));
    if (isDict(rm)) {
      for (const [key, value] of rm.map) {
        const v = guard(() => objects.resolve(value));
        if (isName(v)) roleMap.set(key, v.name);
      }
    }
    const classMap = new Map<string, PdfValue>();
    const cm = guard(() => objects.lookup(root, 'ClassMap'));
    if (isDict(cm)) for (const [key, value] of cm.map) classMap.set(key, value);
    const rawTree = root.map.get('ParentTree');
    this.parentTree = rawTree ? new NumberTree(objects, rawTree) : null;
    this.ctx = { objects: new GuardedReader(objects), roleMap, classMap, topPosition: (key) => this.topPosition(key), kidCache: new Map() };
  }

  /**
   * `mc<MCID>` → structure role for the page `dict` (object `ref`); empty when
   * the page has no structure. Throws Unsupported where pdf.js's reading is not
   * reproduced (no ParentTree, malformed trees, hostile sizes).
   */
  page(dict: PdfDict, ref: { num: number; gen: number }): Map<string, string> {
    return this.structure(dict, ref).roles;
  }

  /** The page's roles and Figure alt texts (see {@link page}); throws Unsupported as it does. */
  structure(dict: PdfDict, ref: { num: number; gen: number }): PageStructure {
    if (!this.parentTree) throw new Unsupported('structure tree without a ParentTree');
    const tree = this.parentTree;
    const id = this.ctx.objects.lookup(dict, 'StructParents');
    const annots = this.annotationParents(dict);
    if (!Number.isInteger(id) && annots.length === 0) return emptyStructure();
    const page = new PageStructTree(this.ctx, refId(ref));
    if (typeof id === 'number' && Number.isInteger(id)) {
      const parents = this.ctx.objects.resolve(tree.getRaw(id));
      if (Array.isArray(parents)) for (const raw of parents) if (isRef(raw)) page.add(raw);
    }
    for (const key of annots) {
      const raw = tree.getRaw(key);
      // pdf.js skips entries that resolve to nothing.
      if (this.ctx.objects.resolve(raw)) page.add(raw);
    }
    return page.read();
  }

  /** The /StructParent keys of the page's annotations, in /Annots order (pdf.js adds their elements too). */
  private annotationParents(page: PdfDict): number[] {
    let annots: PdfValue | undefined;
    let node: PdfValue | undefined = page;
    for (let i = 0; i < MAX_INHERIT && isDict(node) && annots === undefined; i++) {
      annots = this.ctx.objects.lookup(node, 'Annots');
      node = this.ctx.objects.lookup(node, 'Parent');
    }
    if (!Array.isArray(annots)) return [];
    const out: number[] = [];
    for (const a of annots) {
      const annot = this.ctx.objects.resolve(a);
      const sp = isDict(annot) ? this.ctx.objects.lookup(annot, 'StructParent') : undefined;
      if (typeof sp === 'number' && Number.isInteger(sp) && sp >= 0) out.push(sp);
    }
    return out;
  }

  /** pdf.js getKidPosition: index in the root's /K array; NaN if not there; -1 if /K is neither array nor dictionary. */
  private topPosition(key: Key): number {
    if (this.positions === undefined) {
      const k = this.ctx.objects.lookup(this.root, 'K');
      const rawK = this.root.map.get('K');
      if (Array.isArray(k)) {
        this.positions = new Map();
        k.forEach((kid, i) => { if (isRef(kid)) this.positions?.set(refId(kid), i); });
      } else if (isDict(k)) {
        this.positions = new Map(isRef(rawK) ? [[refId(rawK), 0]] : []);
      } else {
        this.positions = k ? null : new Map();
      }
    }
    if (this.positions === null) return -1;
    return typeof key !== 'object' ? this.positions.get(key) ?? NaN : NaN;
  }
}
