/**
 * The direct reader's FontLoader: resolves the font a `Tf` names into a
 * FontDecoder that reports what pdf.js would, or throws Unsupported. Decoders
 * (and refusals) are cached per font reference, so a document pays for each
 * font once and a refused font is refused again without rereading it.
 */
import { isDict, isName, isRef, PdfObjectsError, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type FontDecoder, type FontLoader, type ObjectSource } from '../types.ts';
import { loadCompositeFont } from './composite-font.ts';
import { loadSimpleFont } from './simple-font.ts';
import { loadType3Font } from './type3-font.ts';

function loadDict(objects: ObjectSource, dict: PdfDict, id: string): FontDecoder {
  const subtype = objects.lookup(dict, 'Subtype');
  if (!isName(subtype)) throw new Unsupported('font without a /Subtype');
  if (subtype.name === 'Type0') return loadCompositeFont(objects, dict, id);
  if (subtype.name === 'Type3') return loadType3Font(objects, dict, id);
  return loadSimpleFont(objects, dict, subtype.name, id);
}

/** Runs `load`, turning object-reader failures into Unsupported. */
function guarded(load: () => FontDecoder): FontDecoder {
  try {
    return load();
  } catch (err) {
    if (err instanceof PdfObjectsError) throw new Unsupported(`font: ${err.message}`);
    throw err;
  }
}

type Cache<K> = { get(key: K): FontDecoder | Unsupported | undefined; set(key: K, value: FontDecoder | Unsupported): unknown };

/** The cached decoder or refusal for `key`, loading it on first use. */
function remember<K>(cache: Cache<K>, key: K, load: () => FontDecoder): FontDecoder {
  let hit = cache.get(key);
  if (!hit) {
    try {
      hit = guarded(load);
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
      hit = err;
    }
    cache.set(key, hit);
  }
  if (hit instanceof Unsupported) throw hit;
  return hit;
}

/**
 * A FontLoader over `objects`. Ids are `f<num>_<gen>` for fonts given by
 * reference and `fd<n>` for direct font dictionaries (cached per dictionary object).
 */
export function fontLoader(objects: ObjectSource): FontLoader {
  const byRef = new Map<string, FontDecoder | Unsupported>();
  const byDict = new WeakMap<PdfDict, FontDecoder | Unsupported>();
  let direct = 0;
  return (font: PdfValue) => {
    if (isRef(font)) {
      const key = `${font.num}_${font.gen}`;
      return remember(byRef, key, () => {
        const dict = objects.resolve(font);
        if (!isDict(dict)) throw new Unsupported('font is not a dictionary');
        return loadDict(objects, dict, `f${key}`);
      });
    }
    if (!isDict(font)) throw new Unsupported('font is not a dictionary');
    return remember(byDict, font, () => loadDict(objects, font, `fd${++direct}`));
  };
}
