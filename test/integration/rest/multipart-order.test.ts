/**
 * Multipart fields after the file part (`curl -F file=@x.pdf -F
 * callback_url=…`) are never dropped in silence: the upload is refused with
 * 400 naming the field and no job is created, however the trailing field is
 * split across packets. Fields before the file are applied.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, testEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

const BOUNDARY = 'p2m-test-boundary';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (pdf: Buffer) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), pdf, Buffer.from('\r\n')]);
const end = `--${BOUNDARY}--\r\n`;

/** Sends the body in chunks with a pause between them, so the trailing field arrives well after the file. */
function send(base: string, key: string, chunks: Buffer[]): Promise<{ status: number; body: { error?: { code: string; message: string }; external_id?: string } }> {
  const url = new URL(`${base}/api/v2/jobs`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } },
      (res) => {
        const got: Buffer[] = [];
        res.on('data', (c: Buffer) => got.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(got).toString()) as never }));
      },
    );
    req.on('error', reject);
    const next = (i: number) => {
      if (i === chunks.length) return void req.end();
      req.write(chunks[i], () => setImmediate(() => next(i + 1)));
    };
    next(0);
  });
}

describe('multipart field order', () => {
  it('a field after the file part is 400 naming it, and no job is created', async () => {
    await using env = await testEnv();
    await using api = await startApi(env);
    const user = await env.user();
    const pdf = await makePdf();
    for (const chunks of [
      [Buffer.concat([filePart(pdf), Buffer.from(part('external_id', 'late') + end)])],
      [filePart(pdf), Buffer.from(part('external_id', 'late')), Buffer.from(end)],
    ]) {
      const res = await send(api.base, user.key, chunks);
      expect(res.status).toBe(400);
      expect(res.body.error!.code).toBe('bad_input');
      expect(res.body.error!.message).toContain('external_id');
    }
    expect(await env.runtime.db.select().from(jobs)).toEqual([]);
  });

  it('fields before the file part are applied', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const user = await env.user();
    const res = await send(api.base, user.key, [Buffer.from(part('external_id', 'early')), filePart(await makePdf()), Buffer.from(end)]);
    expect(res.status).toBe(201);
    expect(res.body.external_id).toBe('early');
  });
});
