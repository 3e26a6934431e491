/**
 * The content-stream target: the input is a page's content stream, run by the
 * direct reader's interpreter with the resources (fonts, forms) of page 1 of a
 * host document from the dev corpus. Cheaper and deeper than mutating whole
 * files, whose content is usually compressed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interpretPage } from '../../engine/extract/direct/content/interpret-page.ts';
import { fontLoader } from '../../engine/extract/direct/fonts/load-font.ts';
import { DirectObjects } from '../../engine/extract/direct/object-source.ts';
import { pageContent, pageDict, pageResources } from '../../engine/extract/direct/page-source.ts';
import type { FontLoader, Matrix } from '../../engine/extract/direct/types.ts';
import { PdfObjects } from '../../engine/extract/pdf-objects/pdf-objects.ts';
import { isDict, type PdfDict, type PdfValue } from '../../engine/extract/pdf-objects/values.ts';
import { corpusRoot } from '../corpus-root.ts';
import { isRefusal, pageRefs } from './targets.ts';

/** A LaTeX print of four pages: embedded Type 1 fonts, several sizes and styles, code, a table. */
const HOST = join(corpusRoot(), 'dev/pdf/docker-cli-network-create__latex.pdf');

type Host = { objects: DirectObjects; fonts: FontLoader; resources: PdfDict };
let host: Host | undefined;

/** Every page's resources in one dictionary (the first page naming a font or form wins), so any page's content runs. */
function mergedResources(objects: DirectObjects, all: readonly PdfDict[]): PdfDict {
  const out = new Map<string, PdfValue>();
  for (const resources of all) {
    for (const [kind, value] of resources.map) {
      const sub = objects.resolve(value);
      const have = out.get(kind);
      if (!isDict(sub)) {
        if (!have) out.set(kind, value);
        continue;
      }
      const merged: PdfDict = isDict(have) ? have : { kind: 'dict', map: new Map() };
      for (const [name, x] of sub.map) if (!merged.map.has(name)) merged.map.set(name, x);
      out.set(kind, merged);
    }
  }
  return { kind: 'dict', map: out };
}

function openHost(): Host {
  const index = PdfObjects.open(new Uint8Array(readFileSync(HOST)));
  const objects = new DirectObjects(index);
  const resources = mergedResources(objects, pageRefs(index).map((ref) => pageResources(objects, pageDict(objects, ref))));
  return { objects, fonts: fontLoader(objects), resources };
}

/** The decoded content of each page of the host document: the seeds of this target. */
export function hostContents(): Uint8Array[] {
  const index = PdfObjects.open(new Uint8Array(readFileSync(HOST)));
  const objects = new DirectObjects(index);
  return pageRefs(index).map((ref) => pageContent(objects, pageDict(objects, ref)));
}

const VIEW = [0, 0, 612, 792];
const BASE: Matrix = [1, 0, 0, -1, 0, 792];

export function contentTarget(data: Uint8Array): void {
  host ??= openHost();
  try {
    interpretPage({ content: data, resources: host.resources, objects: host.objects, fonts: host.fonts, viewBox: VIEW, base: BASE });
  } catch (err) {
    if (!isRefusal(err)) throw err;
  }
}
