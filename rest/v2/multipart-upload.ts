/**
 * multipart/form-data job creation. The file part is handed to core as a
 * stream the moment its headers arrive, so nothing is buffered: core streams
 * it into storage and stops at the tier's byte cap. Hence the rule that
 * metadata fields must come before the file part; fields after it are
 * ignored, because by then the job is already being created.
 */
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError } from '../../core/errors.ts';

/** Name of the multipart part that carries the PDF. */
export const FILE_PART = 'file';
const REPEATABLE = new Set(['tags']);

/** The fields read before the file part, and the file part itself, unread. */
export type MultipartUpload = {
  fields: Record<string, string | string[]>;
  file: Readable;
  /** The filename of the file part's Content-Disposition, if any. */
  fileName: string | undefined;
};

/** Reads fields up to the `file` part and resolves with the part as a live stream. */
export function readMultipartUpload(req: Request): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    let file: Readable | undefined;
    // Before the file part, problems reject the mapping; after it, they end the file stream so core's read fails.
    const fail = (message: string) => {
      const err = new DomainError('bad_input', message);
      if (file) file.destroy(err);
      else reject(err);
      req.unpipe(bb);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 8 * 1024, parts: 22 } });
    } catch (err) {
      return reject(new DomainError('bad_input', `Bad multipart request: ${(err as Error).message}`));
    }
    bb.on('field', (name, value, info) => {
      if (file) return;
      if (info.valueTruncated) return fail(`The field ${name} is too long.`);
      if (REPEATABLE.has(name)) fields[name] = [...((fields[name] as string[] | undefined) ?? []), value];
      else if (name in fields) fail(`The field ${name} is given twice.`);
      else fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== FILE_PART || file) {
        stream.resume();
        return fail(`Unexpected file part "${name}"; send the PDF as the one part named "${FILE_PART}".`);
      }
      file = stream;
      resolve({ fields, file, fileName: info.filename || undefined });
    });
    bb.on('fieldsLimit', () => fail('Too many form fields.'));
    bb.on('partsLimit', () => fail('Too many form parts.'));
    bb.on('error', (err: Error) => fail(`Bad multipart body: ${err.message}`));
    bb.on('close', () => {
      if (!file) fail(`The multipart body has no "${FILE_PART}" part.`);
    });
    req.once('close', () => {
      if (!req.complete) fail('The upload was interrupted.');
    });
    req.pipe(bb);
  });
}
