/**
 * One document opened for the direct reader: the object index, the fonts and
 * the structure tree, shared by its pages. Opening refuses what the object
 * index refuses (encrypted or unindexable files); every later failure is
 * Unsupported, for the caller to fall back to pdf.js.
 */
import { PdfObjects } from '../pdf-objects/pdf-objects.ts';
import { isDict, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import { hiddenGroups } from './optional-content.ts';
import type { Box, Rule, Stroke } from '../../model.ts';
import type { Mark } from '../bullet-marks.ts';
import { interpretPage } from './content/interpret-page.ts';
import type { Ink } from './content/frame.ts';
import { fontLoader } from './fonts/load-font.ts';
import { DirectObjects, guard } from './object-source.ts';
import { pageContent, pageDict, pageResources } from './page-source.ts';
import { pageRefs, type PageRef } from './page-tree.ts';
import { pageRotation, pageUserUnit, pageView } from './page-box.ts';
import { geometryPage, viewportOf, type GeometryPage } from '../page-geometry.ts';
import { StructRoles } from './struct-roles.ts';
import { pageRaster } from './page-raster.ts';
import type { PaintedImage, PictureLog } from './content/picture-log.ts';
import type { Raster } from '../../ocr/glyph-marks.ts';
import { renderScale } from '../../ocr/render-scale.ts';
import { emptyStructure, type PageStructure } from '../struct-roles.ts';
import { Unsupported, type FontDecoder, type FontLoader, type Matrix, type TextContent } from './types.ts';

/** A page as the direct reader sees it: pdf.js's text content shape and the page's rules. */
export type DirectPage = {
  content: TextContent; rules: Rule[]; marks: Mark[]; drawn: Stroke[]; shaded: Box[]; ink: Ink; pictures: PictureLog; dict: PdfDict; ref: { num: number; gen: number };
};

/** The direct reader of one document. */
export class DirectDocument {
  private readonly objects: DirectObjects;
  private readonly loadFont: FontLoader;
  private readonly fonts = new Map<string, FontDecoder>();
  private roles: StructRoles | null | undefined;
  /** Judges /OC values against the default optional-content configuration. */
  private readonly hiddenGroup: (oc: PdfValue | undefined) => boolean;
  private refs: PageRef[] | undefined;
  /** The images the last page read paints, when it paints nothing else (picture-log.ts). */
  private painted: { ref: { num: number; gen: number }; images: PaintedImage[] } | null = null;

  private constructor(objects: DirectObjects) {
    this.objects = objects;
    // A catalog that cannot be read hides nothing; the structure tree reports its own failure later.
    let catalog: PdfDict | undefined;
    try {
      catalog = this.catalog();
    } catch {
      catalog = undefined;
    }
    this.hiddenGroup = hiddenGroups(objects, catalog);
    const load = fontLoader(objects);
    // Remember every font by id, so runs can be styled from the id their items carry.
    this.loadFont = (v) => {
      const font = load(v);
      this.fonts.set(font.id, font);
      return font;
    };
  }

  /** Indexes the file; throws Unsupported when the direct reader cannot read it at all. */
  static open(bytes: Uint8Array): DirectDocument {
    return new DirectDocument(new DirectObjects(guard(() => PdfObjects.open(bytes))));
  }

  /**
   * Reads the text content and rules of the page object `ref`. `view` is the
   * page's view box in user space, `vt` the viewport transform to top-left page space.
   */
  page(ref: { num: number; gen: number }, view: readonly number[], vt: Matrix): DirectPage {
    const dict = pageDict(this.objects, ref);
    const content = pageContent(this.objects, dict);
    const resources = pageResources(this.objects, dict);
    const out = interpretPage({ content, resources, objects: this.objects, fonts: this.loadFont, viewBox: view, base: vt, hiddenGroup: this.hiddenGroup });
    this.painted = out.pictures?.images.length ? { ref, images: out.pictures.images } : null;
    return { ...out, dict, ref };
  }

  /**
   * Page `n` rendered for the OCR decision from the images it paints, at the
   * scale OCR renders it (render-scale.ts): only for the page read last, and
   * null unless it paints nothing but images page-raster.ts reproduces.
   */
  raster(n: number): { image: Raster; scale: number } | null {
    const ref = this.pages[n - 1];
    if (!this.painted || !ref || ref.num !== this.painted.ref.num || ref.gen !== this.painted.ref.gen) return null;
    const dict = pageDict(this.objects, ref);
    const [view, rotation, unit] = [pageView(this.objects, dict), pageRotation(this.objects, dict), pageUserUnit(this.objects, dict)];
    const { width, height } = viewportOf(view, rotation, unit);
    const scale = renderScale(width, height);
    // pdf.js's viewport at that scale (PageViewport multiplies the scale by the user unit).
    const image = pageRaster(this.painted.images, this.objects, viewportOf(view, rotation, scale * unit));
    return image ? { image, scale } : null;
  }

  /** The document catalog, if the file has one. */
  private catalog(): PdfDict | undefined {
    const catalog = this.objects.objects.rootRef ? this.objects.resolve({ kind: 'ref', ...this.objects.objects.rootRef }) : undefined;
    return isDict(catalog) ? catalog : undefined;
  }

  /** The document's page objects in order, read once; Unsupported for a page tree pdf.js might read otherwise. */
  get pages(): readonly PageRef[] {
    this.refs ??= guard(() => pageRefs(this.objects.objects));
    return this.refs;
  }

  /** Page `n`'s (1-based) reference and frame, as pdf.js's page proxy gives them. */
  geometry(n: number): GeometryPage {
    const ref = this.pages[n - 1];
    if (!ref) throw new Unsupported(`no page ${n}`);
    const dict = pageDict(this.objects, ref);
    return geometryPage(ref, pageView(this.objects, dict), pageRotation(this.objects, dict), pageUserUnit(this.objects, dict));
  }

  /** The file's object index, for other readers of the same file (links). */
  get index(): PdfObjects {
    return this.objects.objects;
  }

  /** The font a text item's `fontName` names. */
  font(id: string): FontDecoder | undefined {
    return this.fonts.get(id);
  }

  /** Marked-content id → structure role for a page read by `page()`; empty when the document has no structure tree. */
  structRoles(page: DirectPage): Map<string, string> {
    return this.structure(page).roles;
  }

  /** Roles and Figure alt texts for a page read by `page()`; empty when the document has no structure tree. */
  structure(page: DirectPage): PageStructure {
    if (this.roles === undefined) {
      const catalog = this.catalog();
      const root = catalog ? this.objects.lookup(catalog, 'StructTreeRoot') : undefined;
      this.roles = isDict(root) ? new StructRoles(this.objects.objects, root) : null;
    }
    return this.roles ? this.roles.structure(page.dict, page.ref) : emptyStructure();
  }
}
