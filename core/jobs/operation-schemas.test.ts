import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isBlobSource } from '../blobs/blob-source.ts';
import { OPERATIONS, createJobFromUpload } from '../operations.ts';
import { Base64UploadInput, base64BodyLimit, fromBase64Upload } from './create-job-from-upload.ts';

const bytesOf = async (it: AsyncIterable<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const p of it) parts.push(p);
  return Buffer.concat(parts);
};

describe('operation schemas', () => {
  it('every output has a JSON form: no stream in any operation output', () => {
    for (const op of OPERATIONS) expect(() => z.toJSONSchema(op.output, { io: 'output' }), op.name).not.toThrow();
  });

  it('every input has a JSON form, except the upload, whose JSON form is Base64UploadInput', () => {
    for (const op of OPERATIONS.filter((o) => o !== createJobFromUpload)) {
      expect(() => z.toJSONSchema(op.input, { io: 'input' }), op.name).not.toThrow();
    }
    expect(() => z.toJSONSchema(createJobFromUpload.input, { io: 'input' })).toThrow();
    const json = z.toJSONSchema(Base64UploadInput, { io: 'input' }) as { required: string[] };
    expect(json.required).toEqual(['content_base64']);
  });
});

describe('fromBase64Upload', () => {
  it('turns base64 text into a BlobSource of the decoded bytes, keeping the job fields', async () => {
    const input = fromBase64Upload({ content_base64: Buffer.from('%PDF-1.7 hi').toString('base64'), file_name: 'a.pdf' }) as {
      file: unknown;
      file_name: string;
    };
    expect(input.file_name).toBe('a.pdf');
    expect(isBlobSource(input.file)).toBe(true);
    if (!isBlobSource(input.file)) return;
    expect((await bytesOf(input.file.open())).toString()).toBe('%PDF-1.7 hi');
    expect(createJobFromUpload.input.safeParse(input).success).toBe(true);
  });

  it('answers bad_input for text that is not base64, and for a missing file', () => {
    expect(() => fromBase64Upload({ content_base64: 'not base64!' })).toThrow(expect.objectContaining({ code: 'bad_input' }));
    expect(() => fromBase64Upload({ file_name: 'a.pdf' })).toThrow(expect.objectContaining({ code: 'bad_input' }));
  });
});

describe('base64BodyLimit', () => {
  it('holds the base64 text of a file of the given size plus the JSON around it', () => {
    const max = 10_000_000;
    const b64 = Math.ceil(max / 3) * 4;
    expect(base64BodyLimit(max)).toBeGreaterThan(b64);
    expect(base64BodyLimit(max) - b64).toBe(64 * 1024);
  });
});
