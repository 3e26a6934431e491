/**
 * Optional content (PDF 32000 §8.11): which groups the document's default
 * configuration (/OCProperties /D) turns off, and whether an /OC value (a
 * group, or a membership dictionary over groups) is then hidden. Text in a
 * hidden group is never seen: issue 24 counts it as hidden text.
 */
import { isDict, isName, isRef, refKey, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import type { ObjectSource } from './types.ts';

/** Groups one configuration may list; a bound on hostile files. */
const MAX_GROUPS = 10_000;

function refSet(objects: ObjectSource, v: PdfValue | undefined): Set<number> {
  const list = objects.resolve(v);
  const out = new Set<number>();
  if (!Array.isArray(list)) return out;
  for (const r of list.slice(0, MAX_GROUPS)) if (isRef(r)) out.add(refKey(r.num, r.gen));
  return out;
}

/**
 * A judge of /OC values for the document whose catalog is `catalog`: true
 * when the value hides what it marks. Without /OCProperties nothing is hidden.
 */
export function hiddenGroups(objects: ObjectSource, catalog: PdfDict | undefined): (oc: PdfValue | undefined) => boolean {
  const props = catalog ? objects.resolve(catalog.map.get('OCProperties')) : undefined;
  const d = isDict(props) ? objects.resolve(props.map.get('D')) : undefined;
  if (!isDict(d)) return () => false;
  const base = objects.lookup(d, 'BaseState');
  const baseOff = isName(base) && base.name === 'OFF';
  const on = refSet(objects, d.map.get('ON'));
  const off = refSet(objects, d.map.get('OFF'));
  if (!baseOff && off.size === 0) return () => false;
  const groupOff = (v: PdfValue | undefined): boolean => {
    if (!isRef(v)) return false;
    const key = refKey(v.num, v.gen);
    return off.has(key) || (baseOff && !on.has(key));
  };
  return (oc) => {
    try {
      const dict = objects.resolve(oc);
      if (!isDict(dict)) return false;
      const type = objects.lookup(dict, 'Type');
      if (!isName(type) || type.name !== 'OCMD') return groupOff(oc);
      // A membership dictionary: its groups' states combined by its policy (default AnyOn).
      const raw = dict.map.get('OCGs');
      const list = objects.resolve(raw);
      const groups = Array.isArray(list) ? list.slice(0, MAX_GROUPS) : [raw];
      const offs = groups.map(groupOff);
      const p = objects.lookup(dict, 'P');
      const policy = isName(p) ? p.name : 'AnyOn';
      if (policy === 'AllOn') return offs.some(Boolean);
      if (policy === 'AnyOff') return !offs.some(Boolean);
      if (policy === 'AllOff') return !offs.every(Boolean);
      return offs.length > 0 && offs.every(Boolean);
    } catch {
      return false;
    }
  };
}
