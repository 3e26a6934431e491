/**
 * The internal tRPC API: its procedure tree is built from the procedures the
 * v2 route records declare (rest/define-route.ts `rpc`), so adding a route
 * with `rpc` adds its procedure, typed, to AppRouter; nothing lists them here.
 */
import type { RequestHandler } from 'express';
import type { Runtime } from '../core/runtime.ts';
import { rpcBindingsOf, type RpcBindingsOf } from '../http/rpc-binding.ts';
import { V2_ROUTES } from '../rest/routes.ts';
import { createTrpcMiddleware as middlewareOf } from '../rpc/http-handler.ts';
import { procedureTree, type RpcRouter } from '../rpc/procedure-tree.ts';

/** The procedures the v2 route records declare. */
export const RPC_BINDINGS = rpcBindingsOf(V2_ROUTES);

/** The router typed clients know (createTRPCClient<AppRouter>). */
export type AppRouter = RpcRouter<RpcBindingsOf<(typeof V2_ROUTES)[number]>>;

let built: AppRouter | undefined;

/** The router, built on first use. */
export const appRouter = (): AppRouter => (built ??= procedureTree(RPC_BINDINGS));

/** The tRPC API as Express middleware (mounted at /api/internal/trpc). */
export const createTrpcMiddleware = (runtime: Runtime): RequestHandler => middlewareOf(runtime, appRouter());
