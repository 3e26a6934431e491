/**
 * Defect 7: a link is fetched only once a slot is held. Eight simultaneous
 * creations from one free key (3 slots) against a slow loopback origin: the
 * origin sees 3 requests, the other 5 are refused with slots_full before any
 * egress, and a failed or abandoned fetch gives its slot back.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../../worker/worker.ts';
import { blobsOf } from '../worker/helpers.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, testEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp, type Api } from './api-client.ts';

loopbackOnlyInThisFile();
beforeAll(warmUp);

/** An origin that holds every request until release(); /missing.pdf answers 404 at once. */
async function slowOrigin() {
  const pdf = await makePdf([['Slow link']]);
  const held: ServerResponse[] = [];
  const events = new EventEmitter();
  let seen = 0;
  const server = createServer((req, res) => {
    if (req.url === '/missing.pdf') return void res.writeHead(404).end();
    seen++;
    held.push(res);
    events.emit('request', seen);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => seen,
    events,
    release: () => held.splice(0).forEach((res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf)),
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const post = (api: Api, key: string, url: string) => api.call('POST', '/api/v2/jobs', { key, json: { url } });
const used = async (api: Api, key: string) =>
  ((await (await api.call('GET', '/api/v2/limits', { key })).json()) as { slot_usage: { used: number } }).slot_usage.used;

describe('URL jobs and slots', () => {
  it('8 parallel link jobs on 3 slots: 3 fetches, 5 slots_full before any egress, then 3 jobs', async () => {
    await using origin = await slowOrigin();
    await using env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
    await using api = await startApi(env);
    const alice = await env.user();
    const settled: Response[] = [];
    const pending = Array.from({ length: 8 }, (_, i) =>
      post(api, alice.key, `${origin.base}/doc-${i}.pdf`).then((res) => {
        settled.push(res);
        origin.events.emit('settled');
        return res;
      }),
    );
    // Wait for 5 answers, or for a 4th fetch (the defect), whichever comes first.
    while (settled.length < 5 && origin.seen() <= 3) await Promise.race([once(origin.events, 'settled'), once(origin.events, 'request')]);
    expect(origin.seen()).toBe(3);
    expect(settled.length).toBe(5);
    for (const res of settled) expect([res.status, await errorCode(res)]).toEqual([409, 'slots_full']);
    // The 3 held links count as active while they download.
    expect(await used(api, alice.key)).toBe(3);

    origin.release();
    const created = (await Promise.all(pending)).filter((r) => r.status === 201);
    expect(created.length).toBe(3);
    for (const res of created) expect(await res.json()).toMatchObject({ status: 'queued', file_name: expect.stringMatching(/^doc-\d\.pdf$/) });
    expect(origin.seen()).toBe(3);
  });

  it('a failed fetch gives its slot back and leaves no job', async () => {
    await using origin = await slowOrigin();
    await using env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true', P2M_TIERS: JSON.stringify({ free: { slots: 1 } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    const missing = await post(api, alice.key, `${origin.base}/missing.pdf`);
    expect([missing.status, await errorCode(missing)]).toEqual([400, 'fetch_failed']);
    expect(await used(api, alice.key)).toBe(0);
    const list = (await (await api.call('GET', '/api/v2/jobs', { key: alice.key })).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it('a held slot whose fetch died with its process is failed by the sweep, freeing the slot', async () => {
    await using origin = await slowOrigin();
    await using env = await testEnv({ P2M_ALLOW_PRIVATE_URLS: 'true', P2M_TIERS: JSON.stringify({ free: { slots: 1 } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    const creating = post(api, alice.key, `${origin.base}/doc.pdf`);
    if (origin.seen() === 0) await once(origin.events, 'request');
    expect(await used(api, alice.key)).toBe(1);
    // As if the process had died long ago mid-fetch: back-date the row past the fetch deadline.
    await env.runtime.db.execute(sql`UPDATE jobs SET created_at = now() - interval '1 hour' WHERE input_key IS NULL`);
    expect((await purgeExpired(env.runtime)).staleFetches).toBe(1);
    expect(await used(api, alice.key)).toBe(0);
    origin.release();
    // The late fetch finds its row failed: the file is discarded, the job stays failed.
    const job = (await (await creating).json()) as { job_id: string };
    const got = (await (await api.call('GET', `/api/v2/jobs/${job.job_id}`, { key: alice.key })).json()) as object;
    expect(got).toMatchObject({ status: 'error', error_code: 'fetch_interrupted' });
  });

  it('a job canceled while its link downloads stays canceled and keeps no file', async () => {
    await using origin = await slowOrigin();
    await using env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
    await using api = await startApi(env);
    const alice = await env.user();
    const creating = post(api, alice.key, `${origin.base}/doc.pdf`);
    if (origin.seen() === 0) await once(origin.events, 'request');
    const listed = (await (await api.call('GET', '/api/v2/jobs', { key: alice.key })).json()) as { items: { job_id: string; status: string }[] };
    expect(listed.items.map((j) => j.status)).toEqual(['queued']);
    const id = listed.items[0]!.job_id;
    expect(await (await api.call('DELETE', `/api/v2/jobs/${id}`, { key: alice.key })).json()).toMatchObject({ status: 'canceled' });
    origin.release();
    expect(await (await creating).json()).toMatchObject({ job_id: id, status: 'canceled' });
    expect(await blobsOf(env, id)).toEqual([]);
    expect(await used(api, alice.key)).toBe(0);
  });
});
