/**
 * Device conversion settings. Only what the worker honours: the converter.
 *   auto: the text layer, with OCR for pages that have none (default)
 *   text: the text layer only (fast; scanned pages come out empty)
 *   ocr:  OCR on every page (slow; for PDFs whose text layer is wrong)
 */
import { z } from 'zod';

export const Converter = z.enum(['auto', 'text', 'ocr']);
export type Converter = z.infer<typeof Converter>;

export const DeviceSettings = z.object({
  converter: Converter.describe('auto: text layer, OCR where a page has none; text: text layer only; ocr: OCR every page.'),
});
export type DeviceSettings = z.infer<typeof DeviceSettings>;

export const DEFAULT_SETTINGS: DeviceSettings = Object.freeze({ converter: 'auto' });

/** A partial update; unknown names are refused so a typo is not silently ignored. */
export const SettingsPatch = DeviceSettings.partial().strict();
