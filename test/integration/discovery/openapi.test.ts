/**
 * Both OpenAPI documents are valid OpenAPI 3.1 generated from the route
 * records; the full document holds exactly the documented records, with the
 * statuses of each, and every documented path is served.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { base64BodyLimit } from '../../../core/jobs/create-job-from-upload.ts';
import { securityOf } from '../../../http/route.ts';
import { apiRoutes, servedRoutes } from '../../../server/routes.ts';
import { SERVICE_MOUNTS } from '../../../server/mounts.ts';
import { fileEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

type Doc = { openapi: string; info: { version: string; description: string }; paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
// Probes and the discovery files themselves are not part of the API description.
const NOT_API = new Set(['/healthz', '/readyz', '/metrics', '/openapi.json', '/openapi-ai.json', '/llms.txt', '/.well-known/mcp.json']);

function docRoutes(doc: Doc): { method: string; path: string }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => m in item).map((method) => ({ method, path })));
}

const mounts = SERVICE_MOUNTS;

describe('OpenAPI documents', () => {
  it('are valid OpenAPI 3.1 with version 2.1.1 and the four security schemes of the spec', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    for (const path of ['/openapi.json', '/openapi-ai.json']) {
      const doc = (await (await api.call('GET', path)).json()) as Doc;
      const result = await new Validator().validate(doc);
      expect(result.errors ?? [], path).toEqual([]);
      expect(result.valid).toBe(true);
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.version).toBe('2.1.1');
      expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['ApiKey', 'DeviceToken', 'Session', 'UploadTicket']);
    }
  });

  it('embeds the device signing scheme in the full description, and the AI document is create/status/fetch', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const full = (await (await api.call('GET', '/openapi.json')).json()) as Doc;
    expect(full.info.description).toContain('P2M-DEVICE-V1');
    expect(full.info.description).toContain('{"error": {"code"');
    const ai = (await (await api.call('GET', '/openapi-ai.json')).json()) as Doc;
    expect(docRoutes(ai).map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'get /api/v2/jobs/{jobId}',
      'get /api/v2/jobs/{jobId}/download',
      'post /api/v2/jobs',
    ]);
  });

  it('the full document holds exactly the documented routes, and the service serves them and only the undocumented probes besides', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const full = (await (await api.call('GET', '/openapi.json')).json()) as Doc;
    const ai = (await (await api.call('GET', '/openapi-ai.json')).json()) as Doc;
    const routes = apiRoutes(env.runtime.config);
    const rows = routes.map((r) => `${r.method} ${r.path}`);
    expect(routes.every((r) => r.doc !== null)).toBe(true);
    expect(docRoutes(full).map((r) => `${r.method} ${r.path}`).sort()).toEqual([...rows].sort());
    const reduced = routes.filter((r) => r.doc?.reduced).map((r) => `${r.method} ${r.path}`);
    expect(docRoutes(ai).map((r) => `${r.method} ${r.path}`).sort()).toEqual(reduced.sort());
    const served = servedRoutes(env.runtime.config, mounts);
    expect(served.filter((r) => r.doc !== null).map((r) => `${r.method} ${r.path}`).sort()).toEqual([...rows].sort());
    expect(served.filter((r) => r.doc === null).map((r) => r.path).every((p) => NOT_API.has(p))).toBe(true);
  });

  it('documents each route with the statuses of its row and the operation ids of the table', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    type Op = { operationId: string; responses: Record<string, unknown>; security: unknown[] };
    const full = (await (await api.call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, Op>> };
    for (const row of apiRoutes(env.runtime.config)) {
      const doc = row.doc!;
      const op = full.paths[row.path]![row.method]!;
      expect(op.operationId).toBe(doc.operationId);
      const statuses = [doc.success, ...Object.keys(doc.alsoOk ?? {}).map(Number), ...doc.errors].map(String).sort();
      expect(Object.keys(op.responses).sort(), `${row.method} ${row.path}`).toEqual(statuses);
      expect(op.security).toEqual(securityOf(row.auth));
    }
  });

  it('states the body caps the service applies, read from its configuration', async () => {
    // The JSON cap follows a file cap set without one of its own; one set for every tier wins.
    const tiers = JSON.stringify({ free: { maxFileBytes: 3 * 1024 * 1024 } });
    await using env = await fileEnv({ P2M_TIERS: tiers });
    await using api = await startApi(env);
    const text = ((await (await api.call('GET', '/openapi.json')).json()) as Doc).info.description;
    expect(text).toContain(`${base64BodyLimit(3 * 1024 * 1024)} bytes`);
    expect(text).toContain('PDF size: 3 MiB on the free tier');
    expect(text).not.toContain('4 MB');
    await using env5 = await fileEnv({ P2M_TIERS: tiers, P2M_JSON_BODY_BYTES: String(5 * 1024 * 1024) });
    await using api5 = await startApi(env5);
    const text5 = ((await (await api5.call('GET', '/openapi.json')).json()) as Doc).info.description;
    expect(text5).toContain('free tier: 5 MiB');
  });

  it('documents MCP GET and DELETE as the 405 they answer', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env, mounts);
    const full = (await (await api.call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: object }>> };
    for (const method of ['get', 'delete']) {
      expect(Object.keys(full.paths['/api/v2/mcp']![method]!.responses)).toEqual(['405']);
      const res = await api.call(method.toUpperCase(), '/api/v2/mcp');
      await res.body?.cancel();
      expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST']);
    }
  });

  it('serves every documented path (a request without credentials is never 404)', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env, mounts);
    const full = (await (await api.call('GET', '/openapi.json')).json()) as Doc;
    const ai = (await (await api.call('GET', '/openapi-ai.json')).json()) as Doc;
    const missing: string[] = [];
    for (const { method, path } of [...docRoutes(full), ...docRoutes(ai)]) {
      const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const res = await api.call(method.toUpperCase(), url, method === 'get' || method === 'delete' ? {} : { json: {} });
      await res.body?.cancel();
      if (res.status === 404) missing.push(`${method} ${path}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('discovery files', () => {
  it('serves llms.txt and the MCP server card with links on the request origin', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const txt = await api.call('GET', '/llms.txt');
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await txt.text();
    expect(body).toMatch(/^# p2m/);
    for (const needle of ['Authorization: Bearer p2m_', '/api/v2/mcp', '/openapi.json', '/openapi-ai.json']) expect(body).toContain(needle);
    const card = (await (await api.call('GET', '/.well-known/mcp.json')).json()) as { endpoint: string; transport: string };
    expect(card).toMatchObject({ transport: 'streamable-http' });
    expect(card.endpoint).toMatch(/\/api\/v2\/mcp$/);
  });
});
