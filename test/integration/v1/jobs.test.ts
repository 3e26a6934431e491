import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeMultipartFile } from '../../../client/multipart.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { makePdf } from '../../support/pdf.ts';
import { pdfBytes } from './support/pdf-bytes.ts';
import { startV1 } from './support/v1-server.ts';

const MB = 1024 * 1024;

describe('v1 jobs', () => {
  it('upload → 201 with an absolute Location, list, poll, download, delete (idempotent), then 410', async () => {
    await using v1 = await startV1({}, 'fresh');
    const { client } = await v1.device();
    const res = await client.signedFetch('POST', '/jobs', encodeMultipartFile(await pdfBytes(), 'Report é.pdf'));
    expect(res.status).toBe(201);
    const job = (await res.json()) as { job_id: string };
    expect(res.headers.get('location')).toBe(`${v1.baseUrl}/jobs/${job.job_id}`);
    expect(job).toMatchObject({ status: 'queued', file_name: 'Report é.pdf', truncated: false, pages: null });
    expect(Object.keys(job)).not.toContain('download_url');
    expect((await client.listJobs()).map((j) => j.job_id)).toEqual([job.job_id]);
    await expect(client.download(job.job_id)).rejects.toMatchObject({ status: 409, code: 'not_ready' });

    expect(await v1.drain()).toBe(1);
    const ready = await client.getJob(job.job_id);
    expect(ready).toMatchObject({ status: 'ready', pages: 1 });
    const dl = await client.signedFetch('GET', `/jobs/${job.job_id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="Report _.md"; filename*=UTF-8''Report%20%C3%A9.md`,
    );
    expect(await dl.text()).toContain('Hello v1');

    const first = await client.deleteJob(job.job_id);
    expect(first).toMatchObject({ job_id: job.job_id, status: 'deleted' });
    expect(await client.deleteJob(job.job_id)).toEqual(first);
    await expect(client.download(job.job_id)).rejects.toMatchObject({ status: 410, code: 'gone' });
    await expect(client.getJob(job.job_id)).rejects.toMatchObject({ status: 404 });
  });

  it('a ready result past retention is 410 gone (back-dated, then the retention sweep)', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    const job = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    await v1.drain();
    expect(await client.download(job.job_id)).toContain('Hello v1');
    await v1.env.runtime.db.execute(
      sql`UPDATE jobs SET ready_at = now() - interval '61 minutes' WHERE id = ${job.job_id}`,
    );
    await purgeExpired(v1.env.runtime);
    await expect(client.download(job.job_id)).rejects.toMatchObject({ status: 410, code: 'gone' });
  });

  it('cancels an active job on DELETE and answers the same when repeated', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    const job = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const first = await client.deleteJob(job.job_id);
    expect(first).toMatchObject({ job_id: job.job_id, status: 'canceled' });
    expect(await client.deleteJob(job.job_id)).toEqual(first);
    expect(await client.getJob(job.job_id)).toMatchObject({ status: 'canceled' });
  });

  it('the 4th active job is 409 slots_full; the list shows 3; an aged-out job is still readable', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await client.createJobFromFile(await pdfBytes(), `${i}.pdf`)).job_id);
    await expect(client.createJobFromFile(await pdfBytes(), '3.pdf')).rejects.toMatchObject({
      status: 409,
      code: 'slots_full',
    });
    await v1.drain();
    ids.push((await client.createJobFromFile(await pdfBytes(), '3.pdf')).job_id);
    expect((await client.listJobs()).map((j) => j.job_id)).toEqual(ids.slice(1).reverse());
    expect(await client.getJob(ids[0]!)).toMatchObject({ job_id: ids[0], status: 'ready' });
  });

  it('unknown ids and other devices\' jobs are 404', async () => {
    await using v1 = await startV1();
    const alice = await v1.device();
    const bob = await v1.device();
    const job = await alice.client.createJobFromFile(await pdfBytes(), 'a.pdf');
    for (const id of [crypto.randomUUID(), 'not-a-uuid', job.job_id]) {
      await expect(bob.client.getJob(id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    }
    await expect(bob.client.deleteJob(job.job_id)).rejects.toMatchObject({ status: 404 });
    await expect(bob.client.download(job.job_id)).rejects.toMatchObject({ status: 404 });
    expect(await bob.client.listJobs()).toEqual([]);
  });

  it('a file over 10 MB is refused with 413 while streaming, storing nothing', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    const big = new Uint8Array(10 * MB + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    await expect(client.createJobFromFile(big, 'big.pdf')).rejects.toMatchObject({ status: 413, code: 'too_large' });
    expect(await client.listJobs()).toEqual([]);
    // The connection and the slot are fine afterwards.
    expect((await client.createJobFromFile(await pdfBytes(), 'ok.pdf')).status).toBe('queued');
  });

  it('refuses bodies without a file or url, and non-PDFs, with 400', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    const noUrl = await client.signedFetch('POST', '/jobs', { json: { link: 'https://example.org/a.pdf' } });
    expect(noUrl.status).toBe(400);
    await expect(client.createJobFromUrl('ftp://example.org/a.pdf')).rejects.toMatchObject({ status: 400 });
    await expect(client.createJobFromFile(new TextEncoder().encode('GIF89a'), 'a.pdf')).rejects.toMatchObject({
      status: 400,
      code: 'not_a_pdf',
    });
  });

  it('creates from a URL, and the same Idempotency-Key gives the same job', async () => {
    const pdf = await makePdf([['From a link']]);
    const origin = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    origin.listen(0, '127.0.0.1');
    await once(origin, 'listening');
    try {
      await using v1 = await startV1({ P2M_ALLOW_PRIVATE_URLS: 'true' });
      const { client } = await v1.device();
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/paper.pdf`;
      const a = await client.createJobFromUrl(url, { idempotencyKey: 'k1' });
      const b = await client.createJobFromUrl(url, { idempotencyKey: 'k1' });
      expect(b.job_id).toBe(a.job_id);
      expect(a).toMatchObject({ status: 'queued', file_name: 'paper.pdf' });
      await v1.drain();
      expect(await client.download(a.job_id)).toContain('From a link');
    } finally {
      origin.close();
    }
  });
});
