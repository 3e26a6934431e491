/**
 * The service on the S3 blob store, end to end through REST: upload, convert,
 * download (streamed or presigned), delete and retention remove the objects;
 * a store that is down refuses uploads with a retryable 503 and fails no job
 * silently; /readyz names the failing dependency; /metrics behind its token.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { purgeExpired } from '../../../worker/purge-expired.ts';
import { createWorker } from '../../../worker/worker.ts';
import { startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { testEnv } from '../../support/test-env.ts';
import { createJob, errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { makePdf } from '../../support/pdf.ts';

let s3: S3TestServer;
beforeAll(async () => {
  await warmUp();
  s3 = await startS3Server();
  await s3.createBucket('svc');
});
afterAll(async () => s3[Symbol.asyncDispose]());

const objects = async (prefix: string) =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'svc', Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
const TOKEN = 'metrics-token-0123456789';

describe('service on S3', () => {
  it('upload → ready → download → delete: objects in the bucket, none in the data directory', async () => {
    const prefix = `t${crypto.randomUUID().slice(0, 8)}`;
    await using env = await testEnv(s3.env('svc', prefix));
    await using api = await startApi(env);
    const alice = await env.user();
    const job = await createJob(api, alice.key, [['Hello from the bucket']]);
    expect(await objects(`${prefix}/jobs/${job.job_id}/`)).toEqual([expect.stringMatching(/input-.*\.pdf$/)]);
    expect(await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce()).toBe(1);
    const dl = await api.call('GET', `/api/v2/jobs/${job.job_id}/download`, { key: alice.key });
    expect(dl.status).toBe(200);
    expect(await dl.text()).toContain('Hello from the bucket');
    expect((await objects(`${prefix}/jobs/${job.job_id}/`)).some((k) => /output-.*\.md$/.test(k))).toBe(true);
    expect((await api.call('DELETE', `/api/v2/jobs/${job.job_id}`, { key: alice.key })).status).toBe(200);
    expect(await objects(`${prefix}/jobs/${job.job_id}/`)).toEqual([]);
    expect(await readdir(env.dataDir)).not.toContain('blobs');
  });

  it('P2M_BLOB_PRESIGN: the download is a 302 to a short-lived URL that serves the Markdown as an attachment', async () => {
    await using env = await testEnv({ ...s3.env('svc', 'presign'), P2M_BLOB_PRESIGN: 'true', P2M_BLOB_PRESIGN_SECONDS: '60' });
    await using api = await startApi(env);
    const alice = await env.user();
    const job = await createJob(api, alice.key, [['Presigned text']]);
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    const res = await fetch(`${api.base}/api/v2/jobs/${job.job_id}/download`, { headers: { authorization: `Bearer ${alice.key}` }, redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/svc/presign/jobs/${job.job_id}/output-`)).toBe(true);
    const direct = await fetch(location);
    expect(await direct.text()).toContain('Presigned text');
    expect(direct.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
  });

  it('retention removes the objects of expired results', async () => {
    await using env = await testEnv(s3.env('svc', 'retention'));
    await using api = await startApi(env);
    const alice = await env.user();
    const job = await createJob(api, alice.key);
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    expect((await objects(`retention/jobs/${job.job_id}/`)).length).toBe(2);
    await env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - make_interval(secs => retention_seconds + 1) WHERE id = ${job.job_id}`);
    await purgeExpired(env.runtime);
    expect(await objects(`retention/jobs/${job.job_id}/`)).toEqual([]);
    expect((await api.call('GET', `/api/v2/jobs/${job.job_id}/download`, { key: alice.key })).status).toBe(410);
  });

  it('a missing bucket: uploads answer 503 storage_unavailable, /readyz names the bucket', async () => {
    await using env = await testEnv(s3.env('missing-bucket'));
    await using api = await startApi(env);
    const alice = await env.user();
    const res = await api.upload(alice.key, await makePdf());
    expect([res.status, await errorCode(res)]).toEqual([503, 'storage_unavailable']);
    const ready = await api.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', blobs: expect.stringMatching(/bucket "missing-bucket" does not exist/) } });
    expect(await rows(env.runtime.db, sql`SELECT 1 FROM jobs`)).toEqual([]);
  });

  it('the store down while a job waits: the worker retries it (queued, attempt returned later), then it converts once the store is back', async () => {
    await using env = await testEnv({ ...s3.env('svc', 'down'), P2M_BLOB_TIMEOUT_MS: '300' });
    await using api = await startApi(env);
    const alice = await env.user();
    const job = await createJob(api, alice.key, [['Survives an outage']]);
    s3.pause();
    try {
      await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    } finally {
      s3.resume();
    }
    const [row] = await rows(env.runtime.db, sql`SELECT status, error_message FROM jobs WHERE id = ${job.job_id}`);
    expect(row).toMatchObject({ status: 'queued', error_message: expect.stringMatching(/could not read the input/) });
    await env.runtime.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${job.job_id}`);
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    expect(await (await api.call('GET', `/api/v2/jobs/${job.job_id}/download`, { key: alice.key })).text()).toContain('Survives an outage');
  });

  it('/metrics: 404 when off, 401 without the token, the queue, claims, pages and HTTP routes with it', async () => {
    await using off = await testEnv();
    await using offApi = await startApi(off);
    expect((await offApi.call('GET', '/metrics')).status).toBe(404);
    await using env = await testEnv({ P2M_METRICS_TOKEN: TOKEN });
    await using api = await startApi(env);
    const alice = await env.user();
    const job = await createJob(api, alice.key, [['one'], ['two']]);
    await api.call('GET', `/api/v2/jobs/${job.job_id}`, { key: alice.key });
    expect((await api.call('GET', '/metrics')).status).toBe(401);
    const before = await (await api.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(before).toMatch(/p2m_queue_jobs\{pool="free",status="queued"\} 1/);
    expect(before).toMatch(/p2m_http_request_seconds_count\{method="GET",route="\/api\/v2\/jobs\/\{jobId\}",status="200"\} 1/);
    const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free'] });
    await worker.runOnce();
    const metrics = async () => (await api.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const after = await metrics();
    expect(after).toMatch(/p2m_queue_jobs\{pool="free",status="queued"\} 0/);
    expect(after).toMatch(/p2m_pages_converted_total 2/);
    expect(after).toMatch(/p2m_job_seconds_count\{outcome="ready"\} 1/);
    expect(after).toMatch(/p2m_claim_seconds_count [1-9]/);
    expect(after).toMatch(/p2m_conversion_children_total\{child="fresh"\} 1/);
    // Alice's next job runs in the child her first one warmed.
    await createJob(api, alice.key, [['three']]);
    await worker.runOnce();
    await worker.stop();
    expect(await metrics()).toMatch(/p2m_conversion_children_total\{child="warm"\} 1/);
  });

  it('/readyz says draining once shutdown began', async () => {
    await using env = await testEnv();
    await using api = await startApi(env);
    expect((await api.call('GET', '/readyz')).status).toBe(200);
    env.runtime.lifecycle.draining = true;
    const res = await api.call('GET', '/readyz');
    expect([res.status, ((await res.json()) as { checks: { process: string } }).checks.process]).toEqual([503, 'draining']);
  });
});
