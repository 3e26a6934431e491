import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, testEnv } from '../../support/test-env.ts';
import { createJob, drainQueue, errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

type Job = { job_id: string; status: string; file_name: string; tags: string[] | null; external_id: string | null; download_url?: string; deleted?: boolean; slot_usage: { used: number } };

describe('v2 jobs over HTTP', () => {
  it('creates from a multipart upload with metadata fields before the file', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const res = await api.upload(alice.key, await makePdf(), [
      ['file_name', 'report.pdf'],
      ['external_id', 'ext-1'],
      ['tags', 'a'],
      ['tags', 'b'],
    ]);
    expect(res.status).toBe(201);
    const job = (await res.json()) as Job;
    expect(res.headers.get('location')).toBe(`/api/v2/jobs/${job.job_id}`);
    expect(job).toMatchObject({ status: 'queued', file_name: 'report.pdf', external_id: 'ext-1', tags: ['a', 'b'] });
    expect(job).not.toHaveProperty('created');
    const got = await api.call('GET', `/api/v2/jobs/${job.job_id}`, { key: alice.key });
    expect(((await got.json()) as Job).job_id).toBe(job.job_id);
  });

  it('creates from base64 JSON, and the file part name defaults the file name', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const res = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { content_base64: (await makePdf()).toString('base64') } });
    expect(res.status).toBe(201);
    const viaPart = await api.upload(alice.key, await makePdf());
    expect(((await viaPart.json()) as Job).file_name).toBe('paper.pdf');
  });

  it('refuses a 4th active job with 409 slots_full, a missing file part and a non-PDF with 400', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const notPdf = await api.upload(alice.key, Buffer.from('GIF89a, not a PDF'));
    expect([notPdf.status, await errorCode(notPdf)]).toEqual([400, 'not_a_pdf']);
    const form = new FormData();
    form.append('file_name', 'x.pdf');
    const noFile = await api.call('POST', '/api/v2/jobs', { key: alice.key, body: form });
    expect([noFile.status, await errorCode(noFile)]).toEqual([400, 'bad_input']);
    for (let i = 0; i < 3; i++) await createJob(api, alice.key);
    const fourth = await api.upload(alice.key, await makePdf());
    expect([fourth.status, await errorCode(fourth)]).toEqual([409, 'slots_full']);
  });

  it('downloads only when ready: 409 not_ready, then the Markdown after the worker', async () => {
    await using env = await testEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key, [['Hello from the REST test']]);
    const early = await api.call('GET', `/api/v2/jobs/${job_id}/download`, { key: alice.key });
    expect([early.status, await errorCode(early)]).toEqual([409, 'not_ready']);
    expect(await drainQueue(env)).toBe(1);
    const job = (await (await api.call('GET', `/api/v2/jobs/${job_id}`, { key: alice.key })).json()) as Job;
    expect(job.status).toBe('ready');
    const md = await api.call('GET', job.download_url!, { key: alice.key });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('content-disposition')).toBe(`attachment; filename="paper.md"; filename*=UTF-8''paper.md`);
    expect(await md.text()).toContain('Hello from the REST test');
  });

  it('deletes: cancels an active job, removes a ready one, repeats alike, then download is 410', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const ready = await createJob(api, alice.key);
    await drainQueue(env);
    const active = await createJob(api, alice.key);

    const cancel = await api.call('DELETE', `/api/v2/jobs/${active.job_id}`, { key: alice.key });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ status: 'canceled', deleted: false, slot_usage: { used: 0 } });

    const del = await api.call('DELETE', `/api/v2/jobs/${ready.job_id}`, { key: alice.key });
    const body = (await del.json()) as Job;
    expect([del.status, body.deleted]).toEqual([200, true]);
    const again = await api.call('DELETE', `/api/v2/jobs/${ready.job_id}`, { key: alice.key });
    expect([again.status, ((await again.json()) as Job).deleted]).toEqual([200, true]);

    const gone = await api.call('GET', `/api/v2/jobs/${ready.job_id}/download`, { key: alice.key });
    expect([gone.status, await errorCode(gone)]).toEqual([410, 'gone']);
    const get = await api.call('GET', `/api/v2/jobs/${ready.job_id}`, { key: alice.key });
    expect(get.status).toBe(404);
  });

  it('lists with status filter and cursor pagination, and reports limits', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const a = await createJob(api, alice.key);
    const b = await createJob(api, alice.key);
    const page1 = (await (await api.call('GET', '/api/v2/jobs?limit=1', { key: alice.key })).json()) as { items: Job[]; next_cursor: string };
    expect(page1.items.map((j) => j.job_id)).toEqual([b.job_id]);
    const page2 = await api.call('GET', `/api/v2/jobs?limit=1&cursor=${page1.next_cursor}`, { key: alice.key });
    expect(((await page2.json()) as { items: Job[] }).items.map((j) => j.job_id)).toEqual([a.job_id]);
    const ready = await api.call('GET', '/api/v2/jobs?status=ready', { key: alice.key });
    expect(((await ready.json()) as { items: Job[] }).items).toEqual([]);
    const bad = await api.call('GET', '/api/v2/jobs?status=nope', { key: alice.key });
    expect([bad.status, await errorCode(bad)]).toEqual([400, 'bad_input']);
    const limits = await api.call('GET', '/api/v2/limits', { key: alice.key });
    expect(await limits.json()).toMatchObject({ tier: 'free', slot_usage: { used: 2, limit: 3, free: 1 }, rate_limit_per_minute: 120 });
  });
});

describe('polling a job with its entity tag', () => {
  it('answers 304 while the job is unchanged and the new job, with a new tag, once it changed', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key, [['Polled with If-None-Match']]);
    const path = `/api/v2/jobs/${job_id}`;
    // Cache-Control is given so that fetch does not add no-cache to a conditional request (which disables 304).
    const poll = (etag: string) =>
      api.call('GET', path, { key: alice.key, headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    const queued = await api.call('GET', path, { key: alice.key });
    const queuedTag = queued.headers.get('etag')!;
    expect([queued.status, ((await queued.json()) as Job).status, queuedTag]).toEqual([200, 'queued', expect.stringMatching(/^W\/"/)]);
    for (let i = 0; i < 2; i++) {
      const same = await poll(queuedTag);
      expect([same.status, await same.text()]).toEqual([304, '']);
    }
    await drainQueue(env);
    const ready = await poll(queuedTag);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as Job).status).toBe('ready');
    const readyTag = ready.headers.get('etag')!;
    expect(readyTag).not.toBe(queuedTag);
    expect((await poll(readyTag)).status).toBe(304);
    // Another caller never gets a 304 for a job that is not theirs.
    const bob = await env.user();
    const foreign = await api.call('GET', path, { key: bob.key, headers: { 'if-none-match': readyTag, 'cache-control': 'max-age=0' } });
    expect(foreign.status).toBe(404);
  });
});
