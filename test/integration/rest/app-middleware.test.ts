/** Request ids, the error envelope, Host/Origin checks, health probes. */
import type { Route } from '../../../http/route.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

describe('app middleware', () => {
  it('echoes a well-formed X-Request-Id, generates one otherwise, and puts it in error bodies', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const given = await api.call('GET', '/api/v2/limits', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    expect(await given.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String), request_id: 'trace-123' } });
    const odd = await api.call('GET', '/nowhere', { headers: { 'x-request-id': 'bad id\twith tab' } });
    const id = odd.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await odd.json()).toMatchObject({ error: { code: 'not_found', request_id: id } });
  });

  it('refuses state-changing requests from a foreign web origin or host, not from extensions', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const evil = await api.call('DELETE', `/api/v2/jobs/${crypto.randomUUID()}`, { key: alice.key, headers: { origin: 'https://evil.example' } });
    expect([evil.status, await errorCode(evil)]).toEqual([403, 'forbidden']);
    const opaque = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: {}, headers: { origin: 'null' } });
    expect(opaque.status).toBe(403);
    const ext = await api.call('DELETE', `/api/v2/jobs/${crypto.randomUUID()}`, { key: alice.key, headers: { origin: 'chrome-extension://abcdef' } });
    expect(ext.status).toBe(404);
    const own = await api.call('DELETE', `/api/v2/jobs/${crypto.randomUUID()}`, { key: alice.key, headers: { origin: 'http://localhost:8080' } });
    expect(own.status).toBe(404);
    // Reads are not checked: they change nothing.
    expect((await api.call('GET', '/api/v2/limits', { key: alice.key, headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('refuses a state-changing request under a host that is not a public origin (DNS rebinding)', async () => {
    await using env = await fileEnv({ P2M_PUBLIC_ORIGINS: 'https://p2m.example' });
    await using api = await startApi(env);
    const alice = await env.user();
    const res = await api.call('DELETE', `/api/v2/jobs/${crypto.randomUUID()}`, { key: alice.key });
    expect([res.status, await errorCode(res)]).toEqual([403, 'forbidden']);
    expect((await api.call('GET', '/api/v2/limits', { key: alice.key })).status).toBe(200);
  });

  it('answers unknown errors as a bare 500 internal', async () => {
    await using env = await fileEnv();
    const boom: Route = {
      method: 'get', path: '/boom', auth: 'none', operations: [], doc: null,
      handlers: () => [
        () => {
          throw new Error('secret detail from the database');
        },
      ],
    };
    await using api = await startApi(env, { v1: () => [boom] });
    const res = await api.call('GET', '/boom');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect([res.status, body.error.code, body.error.message]).toEqual([500, 'internal', 'Internal error.']);
  });

  it('serves liveness and readiness probes', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    expect(await (await api.call('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await api.call('GET', '/readyz')).json()).toMatchObject({ status: 'ready', checks: { database: 'ok', blobs: 'ok' } });
  });
});
