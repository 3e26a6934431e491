/**
 * Looks keys up in a PDF number tree (PDF 32000 §7.9.7) the way pdf.js does:
 * a binary search by /Limits through at most ten levels of /Kids, then a
 * binary search of the leaf's /Nums. A badly sorted tree therefore misses
 * keys exactly where pdf.js misses them. Shapes pdf.js would trip over (a
 * kid that is not a dictionary, missing or non-numeric limits or keys) throw
 * Unsupported, so the caller asks pdf.js instead.
 */
import type { PdfDict, PdfValue } from '../pdf-objects/values.ts';
import { isDict } from '../pdf-objects/values.ts';
import { guard } from './object-source.ts';
import { Unsupported } from './types.ts';

/** pdf.js gives up on trees deeper than this. */
const MAX_LEVELS = 10;

/** The object access a lookup needs (PdfObjects or DirectObjects). */
export type ObjectReader = {
  resolve(v: PdfValue | undefined): PdfValue | undefined;
  lookup(dict: PdfDict, key: string): PdfValue | undefined;
};

/** One number tree; lookups are remembered, so each key is searched once per document. */
export class NumberTree {
  private readonly memo = new Map<number, PdfValue | undefined>();
  private readonly objects: ObjectReader;
  private readonly root: PdfValue | undefined;

  /** `root` is the tree's root as stored (a reference or a dictionary). */
  constructor(objects: ObjectReader, root: PdfValue | undefined) {
    this.objects = objects;
    this.root = root;
  }

  /** The value stored under `key` as written (references not followed); undefined when absent. */
  getRaw(key: number): PdfValue | undefined {
    if (this.memo.has(key)) return this.memo.get(key);
    const value = guard(() => this.search(key));
    this.memo.set(key, value);
    return value;
  }

  private search(key: number): PdfValue | undefined {
    let node = this.objects.resolve(this.root);
    if (!isDict(node)) throw new Unsupported('number tree node is not a dictionary');
    for (let level = 1; node.map.has('Kids'); level++) {
      if (level > MAX_LEVELS) return undefined;
      const kids = this.objects.lookup(node, 'Kids');
      if (!Array.isArray(kids)) return undefined;
      const kid = this.findKid(kids, key);
      if (!kid) return undefined;
      node = kid;
    }
    const nums = this.objects.lookup(node, 'Nums');
    if (!Array.isArray(nums)) return undefined;
    // Keys sit at even indices; the search keeps both ends even.
    let lo = 0;
    let hi = nums.length - 2;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = mid + (mid & 1);
      const k = this.number(nums[at]);
      if (key < k) hi = at - 2;
      else if (key > k) lo = at + 2;
      else return nums[at + 1];
    }
    return undefined;
  }

  private findKid(kids: PdfValue[], key: number): PdfDict | null {
    let lo = 0;
    let hi = kids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const kid = this.objects.resolve(kids[mid]);
      if (!isDict(kid)) throw new Unsupported('number tree kid is not a dictionary');
      const limits = this.objects.lookup(kid, 'Limits');
      if (!Array.isArray(limits) || limits.length < 2) throw new Unsupported('number tree kid without /Limits');
      if (key < this.number(limits[0])) hi = mid - 1;
      else if (key > this.number(limits[1])) lo = mid + 1;
      else return kid;
    }
    return null;
  }

  private number(v: PdfValue | undefined): number {
    const n = this.objects.resolve(v);
    if (typeof n !== 'number') throw new Unsupported('number tree key is not a number');
    return n;
  }
}
