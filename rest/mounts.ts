/**
 * Routers owned by other parts of the service, mounted by createApp: the MCP
 * endpoint (tools/), the internal tRPC API (rpc/) and the frozen v1 lane
 * (rest/v1/). They are loaded by file name so that the app runs while any of
 * them is still being written; once all exist this can become static imports.
 */
import { existsSync } from 'node:fs';
import type { RequestHandler, Router } from 'express';
import type { Runtime } from '../core/runtime.ts';

/** Factories of the routers createApp mounts; absent ones are skipped. */
export type Mounts = {
  /** tools/http-router.ts: POST/GET/DELETE /api/v2/mcp. */
  mcp?: (runtime: Runtime) => Router;
  /** rpc/http-handler.ts: mounted at /api/internal/trpc. */
  trpc?: (runtime: Runtime) => RequestHandler;
  /** rest/v1/router.ts: the v1 paths at the root. */
  v1?: (runtime: Runtime) => Router;
};

/** Where each mount lives and the export it must have: the contract with the owning modules. */
export const MOUNT_FILES = {
  mcp: ['../tools/http-router.ts', 'createMcpRouter'],
  trpc: ['../rpc/http-handler.ts', 'createTrpcMiddleware'],
  v1: ['./v1/router.ts', 'createV1Router'],
} as const;

/** Imports each mount whose file exists; a file without its export is an error, not a silent gap. */
export async function loadMounts(): Promise<Mounts> {
  const mounts: Mounts = {};
  for (const [slot, [file, name]] of Object.entries(MOUNT_FILES) as [keyof Mounts, readonly [string, string]][]) {
    const url = new URL(file, import.meta.url);
    if (!existsSync(url)) continue;
    const mod = (await import(url.href)) as Record<string, unknown>;
    const factory = mod[name];
    if (typeof factory !== 'function') throw new Error(`${file} does not export ${name}()`);
    // The factory's signature is the contract named in MOUNT_FILES; its module is ours, not outside input.
    (mounts as Record<string, unknown>)[slot] = factory;
  }
  return mounts;
}
