/**
 * One small client per transport, all over the same running app, each
 * reducing a reply to `{ data } | { error: code }` so tests can compare them.
 * Which route or procedure runs an operation is read from the route records
 * (restRouteOf, rpcProcedureOf), never kept here.
 */
import type { Route } from '../../../http/route.ts';
import { V2_ROUTES } from '../../../rest/routes.ts';
import type { RpcBinding } from '../../../http/rpc-binding.ts';
import { RPC_BINDINGS } from '../../../server/app-router.ts';
import { MCP_PATH } from '../../../tools/http-router.ts';

export type Reply = { data: unknown } | { error: string };
export type Input = Record<string, unknown>;

/** An API key, a signed-in browser (its session cookie and an allowed Origin), or nobody. */
export type Caller = string | { cookie: string; origin: string } | undefined;

export type Transport = {
  name: string;
  call(who: Caller, op: string, input: Input): Promise<Reply>;
  toString(): string;
};

/** The v2 route that runs an operation (the parity clients' REST side). */
export function restRouteOf(op: string): Route | undefined {
  return V2_ROUTES.find((r) => r.operations.some((o) => o.name === op));
}

/** The tRPC procedure a route record declares for an operation (the parity clients' tRPC side). */
export function rpcProcedureOf(op: string): RpcBinding | undefined {
  return RPC_BINDINGS.find((b) => b.operation.name === op);
}

// A path parameter {jobId} is filled from the input field job_id, and so on.
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const auth = (who: Caller): Record<string, string> => {
  if (who === undefined) return {};
  return typeof who === 'string' ? { authorization: `Bearer ${who}` } : { cookie: who.cookie, origin: who.origin };
};
const transport = (name: string, call: Transport['call']): Transport => ({ name, call, toString: () => name });

export function restTransport(base: string): Transport {
  return transport('rest', async (key, op, input) => {
    const route = restRouteOf(op);
    if (!route) throw new Error(`no v2 route runs ${op}`);
    const rest: Input = { ...input };
    const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const value = rest[snake(name)];
      delete rest[snake(name)];
      return encodeURIComponent(String(value));
    });
    const url = new URL(base + path);
    const init: RequestInit = { method: route.method.toUpperCase(), headers: auth(key) };
    if (route.method !== 'get' && route.method !== 'delete') {
      init.headers = { ...auth(key), 'content-type': 'application/json' };
      init.body = JSON.stringify(rest);
    } else {
      for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
    }
    const res = await fetch(url, init);
    // A 204 route (revoke, delete) answers no body: its record says so, and the data is then null.
    if (res.status === 204) return { data: null };
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
    const procedure = rpcProcedureOf(op);
    if (!procedure) throw new Error(`no tRPC procedure runs ${op}`);
    const url = `${base}/api/internal/trpc/${procedure.path}`;
    const res =
      procedure.kind === 'query'
        ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: auth(key) })
        : await fetch(url, { method: 'POST', headers: { ...auth(key), 'content-type': 'application/json' }, body: JSON.stringify(input) });
    const body = (await res.json()) as TrpcBody;
    if (body.error) return { error: body.error.data?.code ?? `trpc ${res.status}` };
    const data = body.result?.data;
    return { data: op === 'get_markdown' ? (data as { content: string }).content : data };
  });
}
