/**
 * A tRPC procedure as a route record declares it (rest/define-route.ts): its
 * path in the procedure tree, query or mutation (by the route's method), the
 * core operation it runs, and, when the operation's input or output is not
 * plain JSON, the JSON form of its input and how its output is presented.
 * rpc/ builds the procedure tree from these; the type parameters carry the
 * path and the input and output types to the typed clients (AppRouter).
 */
import type { Ctx } from '../core/context.ts';
import type { Operation } from '../core/operation.ts';

export type RpcKind = 'query' | 'mutation';

/** A read is a query; anything else a mutation. */
export type RpcKindOf<M extends string> = M extends 'get' ? 'query' : 'mutation';
export const rpcKindOf = (method: string): RpcKind => (method === 'get' ? 'query' : 'mutation');

/** A procedure path: `group.name` (clients call `client.group.name`). */
export type RpcPath = `${string}.${string}`;

export type RpcBinding<P extends RpcPath = RpcPath, K extends RpcKind = RpcKind, In = unknown, Out = unknown> = {
  readonly path: P;
  readonly kind: K;
  readonly operation: Operation;
  /** Turns the operation's output into what the client gets (a stored-result reference into the Markdown itself). */
  readonly present?: (out: never, ctx: Ctx) => Promise<unknown>;
  /** Types only, never set: the input the client sends and the output it gets. */
  readonly types?: { input: In; output: Out };
};

/** The bindings of a list of route records, typed by the records' own. */
export type RpcBindingsOf<R> = R extends { readonly rpc: readonly (infer B)[] } ? B : never;

/** Every procedure the records declare (routes without `rpc` declare none). */
export function rpcBindingsOf<R extends { readonly rpc?: readonly RpcBinding[] }>(routes: readonly R[]): RpcBindingsOf<R>[] {
  return routes.flatMap((r) => r.rpc ?? []) as RpcBindingsOf<R>[];
}
