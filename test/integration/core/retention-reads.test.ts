/**
 * Retention is exact on every read, without waiting for the sweep: once
 * ready_at + retention has passed, get and list say `expired` (v1: error
 * with error_code expired) and downloads answer 410 gone, on REST v2, MCP
 * and v1 alike. Time is moved by back-dating the row; no sweep runs here.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import { fileEnv, type TestEnv } from '../../support/test-env.ts';
import { createJob, drainQueue, errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';
import { startV1 } from '../v1/support/v1-server.ts';
import { mcpTransport } from '../parity/transports.ts';

beforeAll(warmUp);

const backdate = (env: TestEnv, id: string, minutes: number) =>
  env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - make_interval(mins => ${minutes}) WHERE id = ${id}`);

describe('retention on reads', () => {
  it('v2 and MCP: a ready job one second past expires_at reads expired and its download is 410', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env, { mcp: mcpRoutes });
    const alice = await env.user();
    const { job_id } = await createJob(api, alice.key);
    await drainQueue(env);
    // 59 minutes after ready (retention 1 h): still ready.
    await backdate(env, job_id, 59);
    expect((await (await api.call('GET', `/api/v2/jobs/${job_id}`, { key: alice.key })).json()) as object).toMatchObject({ status: 'ready' });
    expect((await api.call('GET', `/api/v2/jobs/${job_id}/download`, { key: alice.key })).status).toBe(200);

    await env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - interval '3601 seconds' WHERE id = ${job_id}`);
    const job = (await (await api.call('GET', `/api/v2/jobs/${job_id}`, { key: alice.key })).json()) as Record<string, unknown>;
    expect(job).toMatchObject({ status: 'expired' });
    expect(job.download_url).toBeUndefined();
    expect(Date.parse(String(job.expires_at))).toBe(Date.parse(String(job.status_since)));
    const dl = await api.call('GET', `/api/v2/jobs/${job_id}/download`, { key: alice.key });
    expect([dl.status, await errorCode(dl)]).toEqual([410, 'gone']);

    const list = async (q: string) =>
      ((await (await api.call('GET', `/api/v2/jobs${q}`, { key: alice.key })).json()) as { items: { job_id: string; status: string }[] }).items;
    expect((await list('')).map((j) => j.status)).toEqual(['expired']);
    expect(await list('?status=ready')).toEqual([]);
    expect((await list('?status=expired')).map((j) => j.job_id)).toEqual([job_id]);

    const mcp = mcpTransport(api.base);
    expect(await mcp.call(alice.key, 'get_markdown', { job_id })).toEqual({ error: 'gone' });
    expect(await mcp.call(alice.key, 'get_job', { job_id })).toMatchObject({ data: { status: 'expired' } });
    const del = await api.call('DELETE', `/api/v2/jobs/${job_id}`, { key: alice.key });
    expect(await del.json()).toMatchObject({ status: 'expired', deleted: true });
  });

  it('v1: an expired job reads as error/expired (the frozen v1 statuses) and its download is 410', async () => {
    await using v1 = await startV1();
    const { client } = await v1.device();
    const job = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    await v1.drain();
    await backdate(v1.env, job.job_id, 61);
    expect(await client.getJob(job.job_id)).toMatchObject({ status: 'error', error_code: 'expired' });
    expect((await client.listJobs()).map((j) => j.status)).toEqual(['error']);
    await expect(client.download(job.job_id)).rejects.toMatchObject({ status: 410, code: 'gone' });
  });
});
