/**
 * A long poll whose client leaves frees its waiter slot at once, on every
 * transport: REST ?wait=N, the get_job tool's wait_seconds over MCP, and
 * tRPC jobs.get's wait_seconds. Each request waits on a queued job (nothing
 * announces it, and the recheck is 10 minutes away), the client aborts, and
 * the process's open watches (bounded by P2M_WAIT_MAX_WAITERS) drop to 0
 * long before the 600 s wait would end (before the fix, MCP and tRPC held
 * the slot for the whole wait).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrpcMiddleware } from '../../../server/app-router.ts';
import { MCP_PATH } from '../../../tools/http-router.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { createJob, startApi, type Api } from '../rest/api-client.ts';

let env: TestEnv;
let api: Api;
beforeAll(async () => {
  env = await testEnv({ P2M_WAIT_RECHECK_SECONDS: '600', P2M_WAIT_MAX_SECONDS: '600' });
  api = await startApi(env, { mcp: mcpRoutes, trpc: createTrpcMiddleware });
});
afterAll(async () => {
  await api?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

type Waiting = (base: string, key: string, jobId: string, signal: AbortSignal) => Promise<Response>;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const WAITS: Record<string, Waiting> = {
  rest: (base, key, id, signal) => fetch(`${base}/api/v2/jobs/${id}?wait=600`, { headers: bearer(key), signal }),
  mcp: (base, key, id, signal) =>
    fetch(base + MCP_PATH, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pdf_to_markdown_get_job', arguments: { job_id: id, wait_seconds: 600 } } }),
      signal,
    }),
  rpc: (base, key, id, signal) =>
    fetch(`${base}/api/internal/trpc/jobs.get?input=${encodeURIComponent(JSON.stringify({ job_id: id, wait_seconds: 600 }))}`, { headers: bearer(key), signal }),
};

/** Resolves once `ok()` holds, checking on each turn of the event loop (bounded by the test's timeout). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
}

describe.each(Object.keys(WAITS))('%s', (transport) => {
  it('a client that leaves mid-wait frees its waiter slot at once', async () => {
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key);
    const watches = env.runtime.jobWatches;
    expect(watches.open).toBe(0);
    const leaving = new AbortController();
    const started = performance.now();
    const request = WAITS[transport]!(api.base, alice.key, job_id, leaving.signal).catch(() => 'aborted');
    await until(() => watches.open === 1);
    leaving.abort();
    expect(await request).toBe('aborted');
    await until(() => watches.open === 0);
    // Far from the 600 s the request asked to wait (bounded loosely: the machine may be loaded).
    expect(performance.now() - started).toBeLessThan(45_000);
  });
});
