import { makePdf } from '../../../support/pdf.ts';

/** A small real PDF as the bytes a device uploads. */
export async function pdfBytes(lines: string[] = ['Hello v1', 'Signed upload.']): Promise<Uint8Array> {
  return new Uint8Array(await makePdf([lines]));
}
