/**
 * The admin API on a Unix domain socket. Whoever can open the socket file is
 * the operator, so the file is created with mode 0600 (owner only): the umask
 * is narrowed while the socket is bound, then the mode is set again
 * explicitly. The CLI talks to it while an embedded server holds the PGlite
 * database (one process only); otherwise it calls core directly.
 */
import { existsSync } from 'node:fs';
import { chmod, unlink } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import type { Services } from '../core/context.ts';
import { adminRouter, type AdminRouter } from './admin-router.ts';
import { socketFetch } from './socket-fetch.ts';

export type AdminSocket = AsyncDisposable & { path: string; close(): Promise<void> };

export async function serveAdminSocket(services: Services, socketPath: string): Promise<AdminSocket> {
  await removeStaleSocket(socketPath);
  const server = createServer(createHTTPHandler({ router: adminRouter, createContext: () => ({ services }) }));
  await listenPrivately(server, socketPath);
  await chmod(socketPath, 0o600);
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await unlink(socketPath).catch(() => undefined);
  };
  return { path: socketPath, close, [Symbol.asyncDispose]: close };
}

/** A typed client of the admin API over the socket. */
export function callAdmin(socketPath: string): TRPCClient<AdminRouter> {
  return createTRPCClient<AdminRouter>({
    links: [httpLink({ url: 'http://localhost/', fetch: socketFetch(socketPath) })],
  });
}

async function listenPrivately(server: Server, socketPath: string): Promise<void> {
  // The socket file is created by bind() inside listen(), synchronously: the narrowed umask covers exactly it.
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
      process.umask(previous);
    });
  } finally {
    process.umask(previous);
  }
}

/** A socket file left by a process that died is removed; one that still answers is in use. */
async function removeStaleSocket(socketPath: string): Promise<void> {
  if (!existsSync(socketPath)) return;
  const live = await new Promise<boolean>((resolve) => {
    const c = createConnection(socketPath);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
  if (live) throw new Error(`Another process serves the admin socket ${socketPath}.`);
  await unlink(socketPath);
}
