/**
 * One small client per transport, all over the same running app, each
 * reducing a reply to `{ data } | { error: code }` so tests can compare them.
 * REST_ROUTES is the REST side's table of operation → method and path; the
 * coverage test checks it against the app's routes.
 */
import { RPC_PROCEDURES, appRouter } from '../../../rpc/router.ts';
import { MCP_PATH } from '../../../tools/http-router.ts';

export type Reply = { data: unknown } | { error: string };
export type Input = Record<string, unknown>;

export type Transport = {
  name: string;
  call(key: string | undefined, op: string, input: Input): Promise<Reply>;
  toString(): string;
};

export const REST_ROUTES: Record<string, { method: 'GET' | 'POST' | 'DELETE'; path: string }> = {
  create_job_from_url: { method: 'POST', path: '/api/v2/jobs' },
  create_job_from_upload: { method: 'POST', path: '/api/v2/jobs' },
  list_jobs: { method: 'GET', path: '/api/v2/jobs' },
  get_job: { method: 'GET', path: '/api/v2/jobs/:id' },
  get_markdown: { method: 'GET', path: '/api/v2/jobs/:id/download' },
  delete_job: { method: 'DELETE', path: '/api/v2/jobs/:id' },
  get_limits: { method: 'GET', path: '/api/v2/limits' },
  create_job_batch: { method: 'POST', path: '/api/v2/jobs/batch' },
};

const auth = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});
const transport = (name: string, call: Transport['call']): Transport => ({ name, call, toString: () => name });

export function restTransport(base: string): Transport {
  return transport('rest', async (key, op, input) => {
    const route = REST_ROUTES[op];
    if (!route) throw new Error(`REST_ROUTES has no ${op}`);
    const { job_id, ...rest } = input;
    const url = new URL(base + route.path.replace(':id', encodeURIComponent(String(job_id))));
    const init: RequestInit = { method: route.method, headers: auth(key) };
    if (route.method === 'POST') {
      init.headers = { ...auth(key), 'content-type': 'application/json' };
      init.body = JSON.stringify(rest);
    } else {
      for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
    }
    const res = await fetch(url, init);
    if (!res.ok) return { error: ((await res.json()) as { error: { code: string } }).error.code };
    return { data: op === 'get_markdown' ? await res.text() : await res.json() };
  });
}

type RpcBody = { result?: { content: { text: string }[]; structuredContent: unknown }; error?: { data?: { code: string } } };

export function mcpTransport(base: string): Transport {
  let id = 0;
  return transport('mcp', async (key, op, input) => {
    const res = await fetch(base + MCP_PATH, {
      method: 'POST',
      headers: { ...auth(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: `pdf_to_markdown_${op}`, arguments: input } }),
    });
    const body = (await res.json()) as RpcBody;
    if (body.error) return { error: body.error.data?.code ?? `jsonrpc ${res.status}` };
    if (!body.result) throw new Error(`MCP reply without result or error (HTTP ${res.status})`);
    return { data: op === 'get_markdown' ? body.result.content[0]!.text : body.result.structuredContent };
  });
}

type TrpcBody = { result?: { data: unknown }; error?: { data?: { code: string } } };

export function rpcTransport(base: string): Transport {
  return transport('rpc', async (key, op, input) => {
    const path = RPC_PROCEDURES[op as keyof typeof RPC_PROCEDURES];
    if (!path) throw new Error(`RPC_PROCEDURES has no ${op}`);
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
    const type = procedures[path]?._def.type;
    const url = `${base}/api/internal/trpc/${path}`;
    const res =
      type === 'query'
        ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: auth(key) })
        : await fetch(url, { method: 'POST', headers: { ...auth(key), 'content-type': 'application/json' }, body: JSON.stringify(input) });
    const body = (await res.json()) as TrpcBody;
    if (body.error) return { error: body.error.data?.code ?? `trpc ${res.status}` };
    const data = body.result?.data;
    return { data: op === 'get_markdown' ? (data as { content: string }).content : data };
  });
}
