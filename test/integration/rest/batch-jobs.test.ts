/**
 * POST /api/v2/jobs/batch: link jobs all or nothing, for paid plans. Slots are
 * counted for the whole batch before any link is fetched; an invalid item or
 * a link that fails names its index and leaves nothing; an Idempotency-Key
 * repeat answers with the same jobs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema.ts';
import { makePdf } from '../../support/pdf.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { drainQueue, errorCode, startApi, warmUp } from './api-client.ts';

let origin: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  const pdf = await makePdf([['Fetched in a batch']]);
  origin = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url!.endsWith('.pdf')) res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  await warmUp();
});
afterAll(() => {
  origin.closeAllConnections();
  origin.close();
});

const ENV = { P2M_ALLOW_PRIVATE_URLS: 'true' };
const items = (...names: string[]) => names.map((n) => ({ url: `${base}/${n}` }));
const jobCount = async (env: TestEnv) => (await env.runtime.db.select().from(jobs)).length;
/** Files kept in the blob store (emptied job folders do not count). */
const storedFiles = async (env: TestEnv) =>
  (await readdir(join(env.dataDir, 'blobs', 'jobs'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).map((e) => e.name);

type Batch = { items: { job_id: string; status: string; file_name: string; tags: string[] | null; tier: string }[]; slot_usage: { used: number; limit: number }; tier: string };

describe('batch creation', () => {
  it('creates every item on a paid plan, in order, in the paid pool; the jobs convert', async () => {
    await using env = await testEnv(ENV);
    await using api = await startApi(env);
    const pro = await env.user({ tier: 'pro' });
    const res = await api.call('POST', '/api/v2/jobs/batch', {
      key: pro.key,
      json: { items: [{ url: `${base}/a.pdf`, tags: ['x'] }, { url: `${base}/b.pdf`, file_name: 'named.pdf', external_id: 'e-2' }, { url: `${base}/c.pdf` }] },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Batch;
    expect(body.items.map((j) => [j.status, j.file_name, j.tier])).toEqual([['queued', 'a.pdf', 'pro'], ['queued', 'named.pdf', 'pro'], ['queued', 'c.pdf', 'pro']]);
    expect(body.items[0]!.tags).toEqual(['x']);
    expect(body).toMatchObject({ tier: 'pro', slot_usage: { used: 3, limit: 20 } });
    expect((await env.runtime.db.select().from(jobs)).every((j) => j.pool === 'paid' && j.inputKey !== null)).toBe(true);
    expect(await drainQueue(env)).toBe(3);
  });

  it('is a paid feature: a free key gets 403 plan_required and nothing is fetched', async () => {
    await using env = await testEnv(ENV);
    await using api = await startApi(env);
    const free = await env.user();
    const before = hits.length;
    const res = await api.call('POST', '/api/v2/jobs/batch', { key: free.key, json: { items: items('a.pdf') } });
    expect([res.status, await errorCode(res)]).toEqual([403, 'plan_required']);
    expect(hits.length).toBe(before);
  });

  it('refuses more items than free slots with 409 slots_full, before any link is fetched, creating nothing', async () => {
    await using env = await testEnv({ ...ENV, P2M_TIERS: JSON.stringify({ pro: { slots: 3 } }) });
    await using api = await startApi(env);
    const pro = await env.user({ tier: 'pro' });
    expect((await api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json: { items: items('a.pdf') } })).status).toBe(201);
    const before = hits.length;
    const res = await api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json: { items: items('b.pdf', 'c.pdf', 'd.pdf') } });
    expect([res.status, await errorCode(res)]).toEqual([409, 'slots_full']);
    expect(hits.length).toBe(before);
    expect(await jobCount(env)).toBe(1);
  });

  it('answers 400 naming the invalid item, creating nothing', async () => {
    await using env = await testEnv(ENV);
    await using api = await startApi(env);
    const pro = await env.user({ tier: 'pro' });
    const res = await api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json: { items: [{ url: `${base}/a.pdf` }, { url: 'ftp://example.org/b.pdf' }] } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('bad_input');
    expect(error.message).toContain('items[1].url');
    for (const bad of [{}, { items: [] }, { items: 'x' }]) {
      expect((await api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json: bad })).status).toBe(400);
    }
    expect(await jobCount(env)).toBe(0);
  });

  it('rolls the whole batch back when one link cannot be fetched, naming it: no job, no stored file', async () => {
    await using env = await testEnv(ENV);
    await using api = await startApi(env);
    const pro = await env.user({ tier: 'pro' });
    const res = await api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json: { items: items('a.pdf', 'b.pdf', 'missing') } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('fetch_failed');
    expect(error.message).toMatch(/^items\[2\]: /);
    expect(await jobCount(env)).toBe(0);
    expect(await storedFiles(env)).toEqual([]);
    // The slots are free again.
    expect((await api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json: { items: items('a.pdf') } })).status).toBe(201);
  });

  it('answers a repeat with the same Idempotency-Key with 200 and the same jobs; another body under it is 422', async () => {
    await using env = await testEnv(ENV);
    await using api = await startApi(env);
    const pro = await env.user({ tier: 'pro' });
    const send = (json: unknown) => api.call('POST', '/api/v2/jobs/batch', { key: pro.key, json, headers: { 'idempotency-key': 'batch-1' } });
    const first = await send({ items: items('a.pdf', 'b.pdf') });
    expect(first.status).toBe(201);
    const ids = ((await first.json()) as Batch).items.map((j) => j.job_id);
    const again = await send({ items: items('a.pdf', 'b.pdf') });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Batch).items.map((j) => j.job_id)).toEqual(ids);
    expect(await jobCount(env)).toBe(2);
    const other = await send({ items: items('c.pdf') });
    expect([other.status, await errorCode(other)]).toEqual([422, 'idempotency_mismatch']);
  });
});
