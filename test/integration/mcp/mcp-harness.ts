/**
 * The MCP router alone on a real HTTP server, with a raw JSON-RPC poster and
 * an SDK client. Use with `await using mcp = await startMcp(env)`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { dispatchRoutes } from '../../../http/route-dispatch.ts';
import { MCP_PATH } from '../../../tools/http-router.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import type { TestEnv } from '../../support/test-env.ts';

export type RpcReply = { status: number; headers: Headers; body: unknown };
export type PostOptions = { key?: string; headers?: Record<string, string>; protocolVersion?: string };

export type McpHarness = AsyncDisposable & {
  url: string;
  /** POSTs a JSON-RPC message (or batch) and returns the parsed reply; body null when empty. */
  post(message: unknown, opts?: PostOptions): Promise<RpcReply>;
  /** A tools/call whose reply is reduced to its result or error. */
  call(key: string, tool: string, args: unknown): Promise<{ result?: ToolResult; error?: RpcError }>;
  /** A connected SDK client (initialize done) using `key`. */
  client(key: string): Promise<Client>;
};

export type RpcError = { code: number; message: string; data?: { code: string; status: number } };
export type ToolResult = { content: { type: string; text: string }[]; structuredContent: Record<string, unknown> };

export const ACCEPT = 'application/json, text/event-stream';
let seq = 0;

export async function startMcp(env: TestEnv): Promise<McpHarness> {
  const app = express();
  app.use(dispatchRoutes(env.runtime, mcpRoutes(env.runtime.config)));
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${MCP_PATH}`;
  const clients: Client[] = [];
  const post = async (message: unknown, opts: PostOptions = {}): Promise<RpcReply> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT, ...opts.headers };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    if (opts.protocolVersion) headers['mcp-protocol-version'] = opts.protocolVersion;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  return {
    url,
    post,
    async call(key, tool, args) {
      const reply = await post({ jsonrpc: '2.0', id: ++seq, method: 'tools/call', params: { name: tool, arguments: args } }, { key });
      if (reply.status !== 200) throw new Error(`tools/call answered HTTP ${reply.status}`);
      return reply.body as { result?: ToolResult; error?: RpcError };
    },
    async client(key) {
      const client = new Client({ name: 'p2m-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async [Symbol.asyncDispose]() {
      await Promise.all(clients.map((c) => c.close()));
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export const initializeMessage = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'p2m-test', version: '1.0.0' } },
});
