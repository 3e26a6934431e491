/**
 * Polling that saves (issue 20): the job's entity tag covers its own state
 * only, so another job of the account does not break a 304; a long poll
 * (?wait=N) answers when the job changes, woken by the worker's announcement
 * (in process, or through Redis pub/sub from another connection); and
 * conditional reads and long polls cost less of the rate budget.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRedisWakeup } from '../../../core/wakeup/wakeup.ts';
import { createWorker } from '../../../worker/worker.ts';
import { DB_KIND, REDIS_URL, testEnv, type TestEnv } from '../../support/test-env.ts';
import { startMcp } from '../mcp/mcp-harness.ts';
import { createJob, drainQueue, revokeKey, startApi, type Api } from './api-client.ts';

type Job = { job_id: string; status: string; slot_usage: { used: number } };

const get = (api: Api, key: string, id: string, opts: { etag?: string; wait?: number; signal?: AbortSignal } = {}) =>
  fetch(`${api.base}/api/v2/jobs/${id}${opts.wait !== undefined ? `?wait=${opts.wait}` : ''}`, {
    headers: { authorization: `Bearer ${key}`, 'cache-control': 'max-age=0', ...(opts.etag ? { 'if-none-match': opts.etag } : {}) },
    ...(opts.signal ? { signal: opts.signal } : {}),
  });

/** Remaining whole calls in the RateLimit field (`"free";r=117;t=60`). */
const remaining = (res: Response) => Number(/;r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);

/** Resolves once `ok()` holds, checking on each turn of the event loop (bounded by the test's timeout). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
}

/** Runs the queue with a worker whose announcements travel through their own Redis connection on PostgreSQL. */
async function drainFromElsewhere(env: TestEnv): Promise<void> {
  if (DB_KIND !== 'postgres') {
    await drainQueue(env);
    return;
  }
  const other = await createRedisWakeup(REDIS_URL!);
  try {
    const runtime = { ...env.runtime, wakeup: other, jobChanged: (id: string) => other.notifyJob(id) };
    await createWorker(runtime, { concurrency: 1, pools: ['paid', 'free'] }).runOnce();
  } finally {
    await other.close();
  }
}

describe('polling a job', () => {
  it('answers 304 while the job itself is unchanged, though another job of the account changed slot usage; 200 and a new tag once it changes; 401 once the key is revoked', async () => {
    await using env = await testEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const polled = await createJob(api, alice.key);
    const other = await createJob(api, alice.key);
    const first = await get(api, alice.key, polled.job_id);
    const tag = first.headers.get('etag')!;
    expect([first.status, ((await first.json()) as Job).slot_usage.used, tag]).toEqual([200, 2, expect.stringMatching(/^W\/"/)]);
    expect((await api.call('DELETE', `/api/v2/jobs/${other.job_id}`, { key: alice.key })).status).toBe(200);
    // The view now says one slot used, but the job's own state is as before.
    expect((await (await get(api, alice.key, polled.job_id)).json()) as Job).toMatchObject({ slot_usage: { used: 1 } });
    const same = await get(api, alice.key, polled.job_id, { etag: tag });
    expect([same.status, same.headers.get('etag'), await same.text()]).toEqual([304, tag, '']);
    await env.runtime.db.execute(sql`update jobs set pages = 2, pages_done = 1 where id = ${polled.job_id}`);
    const changed = await get(api, alice.key, polled.job_id, { etag: tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    await revokeKey(env, alice.key);
    expect((await get(api, alice.key, polled.job_id, { etag: changed.headers.get('etag')! })).status).toBe(401);
  });

  it('long poll: answers as soon as the worker announces a change, never later than the wait, and not at all for a finished job', async () => {
    // No re-read in between: only the announcement can end the wait early.
    await using env = await testEnv({ P2M_WAIT_RECHECK_SECONDS: '600' });
    await using api = await startApi(env);
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key);
    const tag = (await get(api, alice.key, job_id)).headers.get('etag')!;
    const waiting = get(api, alice.key, job_id, { etag: tag, wait: 60 });
    await until(() => env.runtime.jobWatches.open === 1);
    await drainFromElsewhere(env);
    const woken = await waiting;
    expect(woken.status).toBe(200);
    expect(((await woken.json()) as Job).status).not.toBe('queued');
    expect(woken.headers.get('etag')).not.toBe(tag);
    expect(env.runtime.jobWatches.open).toBe(0);
    // Ready, asked without a tag: nothing will change, so it answers at once.
    const started = performance.now();
    expect(((await (await get(api, alice.key, job_id, { wait: 60 })).json()) as Job).status).toBe('ready');
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('long poll: cut to the configured maximum (304 with If-None-Match), answered at once past the waiter cap, and stops waiting when the client leaves', async () => {
    await using env = await testEnv({ P2M_WAIT_MAX_SECONDS: '1' });
    await using api = await startApi(env);
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key);
    const tag = (await get(api, alice.key, job_id)).headers.get('etag')!;
    const started = performance.now();
    expect((await get(api, alice.key, job_id, { etag: tag, wait: 3600 })).status).toBe(304);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);

    await using capped = await testEnv({ P2M_WAIT_MAX_WAITERS: '0' });
    await using cappedApi = await startApi(capped);
    const bob = await capped.user();
    const job = await createJob(cappedApi, bob.key);
    const bobTag = (await get(cappedApi, bob.key, job.job_id)).headers.get('etag')!;
    const t0 = performance.now();
    expect((await get(cappedApi, bob.key, job.job_id, { etag: bobTag, wait: 30 })).status).toBe(304);
    expect(performance.now() - t0).toBeLessThan(20_000);

    await using long = await testEnv({ P2M_WAIT_RECHECK_SECONDS: '600' });
    await using longApi = await startApi(long);
    const carol = await long.user();
    const carolJob = await createJob(longApi, carol.key);
    const leaving = new AbortController();
    const request = get(longApi, carol.key, carolJob.job_id, { wait: 60, signal: leaving.signal }).catch(() => 'aborted');
    await until(() => long.runtime.jobWatches.open === 1);
    leaving.abort();
    expect(await request).toBe('aborted');
    await until(() => long.runtime.jobWatches.open === 0);
  });

  it('charges a 304 a quarter of a call and a long poll half: a key polling all its slots once a second with If-None-Match is never refused', async () => {
    await using env = await testEnv({ P2M_WAIT_RECHECK_SECONDS: '600' });
    await using api = await startApi(env);
    const alice = await env.user(); // free: 120 calls a minute, 3 slots
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createJob(api, alice.key)).job_id);
    const tags = new Map<string, string>();
    let last = 0;
    for (const id of ids) {
      const res = await get(api, alice.key, id);
      tags.set(id, res.headers.get('etag')!);
      last = remaining(res);
    }
    expect(last).toBe(120 - 6);
    const quarter = [];
    for (let i = 0; i < 4; i++) quarter.push(remaining(await get(api, alice.key, ids[0]!, { etag: tags.get(ids[0]!)! })));
    // 4 quarters make one call (whole calls left, rounded down).
    expect(quarter.at(-1)).toBe(last - 1);
    const waiting = get(api, alice.key, ids[0]!, { etag: tags.get(ids[0]!)!, wait: 60 });
    await until(() => env.runtime.jobWatches.open === 1);
    await env.runtime.db.execute(sql`update jobs set pages = 3, pages_done = 1 where id = ${ids[0]!}`);
    env.runtime.jobChanged(ids[0]!);
    const woken = await waiting;
    expect(woken.status).toBe(200);
    tags.set(ids[0]!, woken.headers.get('etag')!);
    expect(remaining(woken)).toBe(last - 2); // 4 quarters + half a call, rounded down
    // One minute of the documented poller (each job once a second: 180 reads, more than the 120-call budget were
    // each a whole call), with the jobs converting part-way through.
    const statuses: number[] = [];
    for (let second = 0; second < 60; second++) {
      if (second === 20) await drainQueue(env);
      for (const id of ids) {
        const res = await get(api, alice.key, id, { etag: tags.get(id)! });
        statuses.push(res.status);
        if (res.status === 200) tags.set(id, res.headers.get('etag')!);
      }
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBe(3);
  });

  it('MCP get_job with wait_seconds answers when the job changes, from the job as read when the call arrived', async () => {
    await using env = await testEnv({ P2M_WAIT_RECHECK_SECONDS: '600' });
    await using api = await startApi(env);
    await using mcp = await startMcp(env);
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key);
    const waiting = mcp.call(alice.key, 'pdf_to_markdown_get_job', { job_id, wait_seconds: 60 });
    await until(() => env.runtime.jobWatches.open === 1);
    await drainFromElsewhere(env);
    const { result, error } = await waiting;
    expect(error).toBeUndefined();
    expect(result!.structuredContent.status).not.toBe('queued');
  });
});
