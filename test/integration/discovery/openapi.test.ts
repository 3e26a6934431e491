/**
 * Both OpenAPI documents are valid OpenAPI 3.1, every path in them is served
 * by the app, and every /api/v2 route of the app is in the full document.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/create-app.ts';
import { SERVICE_MOUNTS } from '../../../server/mounts.ts';
import { testEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

type Doc = { openapi: string; info: { version: string; description: string }; paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };
type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
// Probes and the discovery files themselves are not part of the API description.
const NOT_API = new Set(['/healthz', '/readyz', '/openapi.json', '/openapi-ai.json', '/llms.txt', '/.well-known/mcp.json']);
// Path parameters named differently in Express (:id) and OpenAPI ({jobId}) compare equal.
const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z_]+/g, '{}');

function appRoutes(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((p) => Object.keys(layer.route!.methods).map((m) => `${m} ${shape(p)}`));
    }
    return layer.handle?.stack ? appRoutes(layer.handle.stack) : [];
  });
}

function docRoutes(doc: Doc): { method: string; path: string }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => m in item).map((method) => ({ method, path })));
}

const mounts = SERVICE_MOUNTS;

describe('OpenAPI documents', () => {
  it('are valid OpenAPI 3.1 with version 2.1.1 and the four security schemes', async () => {
    await using env = await testEnv();
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
    await using env = await testEnv();
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

  it('documents every API route of the app (v2, MCP and, once mounted, v1)', async () => {
    await using env = await testEnv();
    const app = createApp(env.runtime, mounts) as unknown as { router: { stack: Layer[] } };
    await using api = await startApi(env);
    const full = (await (await api.call('GET', '/openapi.json')).json()) as Doc;
    const documented = new Set(docRoutes(full).map((r) => `${r.method} ${shape(r.path)}`));
    const api2 = appRoutes(app.router.stack).filter((r) => !NOT_API.has(r.split(' ')[1]!));
    expect(api2.filter((r) => r.includes(' /api/v2/')).length).toBeGreaterThan(5);
    expect(api2.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('serves every documented path (a request without credentials is never 404)', async () => {
    await using env = await testEnv();
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
    await using env = await testEnv();
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
