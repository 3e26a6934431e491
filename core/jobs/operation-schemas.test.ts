import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bytesSource } from '../blobs/blob-source.ts';
import { OPERATIONS, createJobFromAccountPage, createJobFromTicket, createJobFromUpload } from '../operations.ts';
import { finishSignInOp } from '../sign-in/finish-sign-in.ts';
import { Base64UploadInput, base64BodyLimit } from './create-job-from-upload.ts';

const bytesOf = async (it: AsyncIterable<Uint8Array>) => {
  const parts: Uint8Array[] = [];
  for await (const p of it) parts.push(p);
  return Buffer.concat(parts);
};

describe('operation schemas', () => {
  // The sign-in callback answers an HTML page and sets a cookie: its output (a session, a pending link) never goes out as JSON.
  const htmlOnly = new Set<unknown>([finishSignInOp]);

  it('every output has a JSON form: no stream in any operation output, except the HTML-only callback', () => {
    for (const op of OPERATIONS.filter((o) => !htmlOnly.has(o))) expect(() => z.toJSONSchema(op.output, { io: 'output' }), op.name).not.toThrow();
  });

  it('every input has a JSON form, except the uploads: Base64UploadInput for the upload, none for the multipart-only ticketed and account-page ones', () => {
    const multipartOnly = [createJobFromUpload, createJobFromTicket, createJobFromAccountPage];
    for (const op of OPERATIONS.filter((o) => !multipartOnly.includes(o as never) && !htmlOnly.has(o))) {
      expect(() => z.toJSONSchema(op.input, { io: 'input' }), op.name).not.toThrow();
    }
    expect(() => z.toJSONSchema(createJobFromUpload.input, { io: 'input' })).toThrow();
    expect(() => z.toJSONSchema(createJobFromTicket.input, { io: 'input' })).toThrow();
    expect(() => z.toJSONSchema(createJobFromAccountPage.input, { io: 'input' })).toThrow();
    const json = z.toJSONSchema(Base64UploadInput, { io: 'input' }) as { required: string[] };
    expect(json.required).toEqual(['content_base64']);
  });
});

describe('create_job_from_upload input', () => {
  const pdf = Buffer.from('%PDF-1.7 hi');

  it('turns base64 text into a BlobSource of the decoded bytes, keeping the job fields', async () => {
    const input = createJobFromUpload.input.parse({ content_base64: pdf.toString('base64'), file_name: 'a.pdf' });
    expect(input.file_name).toBe('a.pdf');
    expect(await bytesOf(input.file.open())).toEqual(pdf);
  });

  it('passes a streaming lane\'s BlobSource through as it is', () => {
    const file = bytesSource(pdf);
    expect(createJobFromUpload.input.parse({ file }).file).toBe(file);
  });

  it('refuses text that is not base64, no file at all, and a file sent twice', () => {
    const issues = (raw: unknown) => createJobFromUpload.input.safeParse(raw).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ content_base64: 'not base64!' })).toEqual(['content_base64']);
    expect(issues({ file_name: 'a.pdf' })).toEqual(['content_base64']);
    expect(issues({ content_base64: pdf.toString('base64'), file: bytesSource(pdf) })).toEqual(['content_base64']);
    expect(issues({ file: { open: 'not a function' } })).toEqual(['file']);
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
