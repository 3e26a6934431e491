/**
 * The tRPC middleware alone on a real HTTP server, and a typed client per
 * key. Use with `await using rpc = await startTrpc(env)`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createTRPCClient, httpLink, TRPCClientError, type TRPCClient } from '@trpc/client';
import { createTrpcMiddleware } from '../../../server/app-router.ts';
import type { AppRouter } from '../../../server/app-router.ts';
import type { TestEnv } from '../../support/test-env.ts';

export type TrpcHarness = AsyncDisposable & { url: string; client(key?: string): TRPCClient<AppRouter> };

export async function startTrpc(env: TestEnv): Promise<TrpcHarness> {
  const app = express();
  app.use('/api/internal/trpc', createTrpcMiddleware(env.runtime));
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/internal/trpc`;
  return {
    url,
    client: (key) =>
      createTRPCClient<AppRouter>({
        links: [httpLink({ url, headers: key ? { authorization: `Bearer ${key}` } : {} })],
      }),
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The error data of a failed call: { code, status, trpc_code }. */
export async function rpcError(p: Promise<unknown>): Promise<{ code: string; status: number; trpc_code: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof TRPCClientError) return err.data as { code: string; status: number; trpc_code: string };
    throw err;
  }
  throw new Error('expected the call to fail');
}
