/**
 * The tRPC procedure tree, built from the procedures the route records
 * declare (http/rpc-binding.ts): nothing here lists operations. Each binding
 * `group.name` becomes `client.group.name`, a query or a mutation that runs
 * its operation through procedure(); the tree's type is computed from the
 * bindings' types, so typed clients see each procedure's input and output.
 */
import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { Ctx } from '../core/context.ts';
import type { RpcBinding } from '../http/rpc-binding.ts';
import { procedure } from './procedure.ts';
import { router, type RpcMeta, type RpcRoot } from './trpc.ts';

type Def<B> = B extends RpcBinding<infer _P, infer _K, infer In, infer Out> ? { input: In; output: Out; meta: RpcMeta; errorShape: RpcRoot['errorShape'] } : never;
type ProcedureOf<B> = B extends { kind: 'query' } ? TRPCQueryProcedure<Def<B>> : TRPCMutationProcedure<Def<B>>;

type GroupOf<P> = P extends `${infer G}.${string}` ? G : never;
type NameIn<P, G extends string> = P extends `${G}.${infer N}` ? N : never;

/** The procedure tree of bindings B: `{ group: { name: procedure } }`. */
export type ProcedureTree<B extends RpcBinding> = {
  [G in GroupOf<B['path']>]: { [N in NameIn<B['path'], G>]: ProcedureOf<Extract<B, { path: `${G}.${N}` }>> };
};

export type RpcRouter<B extends RpcBinding> = TRPCBuiltRouter<RpcRoot, ProcedureTree<B>>;

function procedureOf(b: RpcBinding) {
  const present = b.present as ((out: unknown, ctx: Ctx) => Promise<unknown>) | undefined;
  const p = procedure(b.operation, present ? { present } : {});
  return b.kind === 'query' ? p.query() : p.mutation();
}

/** The router of the bindings; a path declared twice, or not of the form group.name, fails here. */
export function procedureTree<B extends RpcBinding>(bindings: readonly B[]): RpcRouter<B> {
  const tree: Record<string, Record<string, ReturnType<typeof procedureOf>>> = {};
  for (const b of bindings) {
    const [group, name, ...more] = b.path.split('.');
    if (!group || !name || more.length > 0) throw new Error(`tRPC path ${b.path} is not group.name`);
    const procedures = (tree[group] ??= {});
    if (procedures[name]) throw new Error(`tRPC path ${b.path} is declared twice`);
    procedures[name] = procedureOf(b);
  }
  return router(tree) as unknown as RpcRouter<B>;
}
