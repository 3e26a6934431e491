import type { z } from 'zod';
import type { Ctx } from '../core/context.ts';
import { invoke, type Operation } from '../core/operation.ts';
import { authedProcedure } from './trpc.ts';
import { toTrpcError } from './trpc-code.ts';

/**
 * The tRPC procedure of an operation: authenticated, then invoke() does the
 * scope check and parses the input (so tRPC only passes it through, typed as
 * the operation's input); domain errors become TRPCErrors. `present` turns
 * an output that is not JSON (a stream) into one that is.
 */
export function procedure<I extends z.ZodType, O extends z.ZodType, R = z.output<O>>(
  op: Operation<I, O>,
  present?: (out: z.output<O>, ctx: Ctx) => Promise<R>,
) {
  const base = authedProcedure.input((raw: unknown) => raw as z.input<I>);
  const resolve = async ({ ctx, input }: { ctx: { core: Ctx }; input: unknown }): Promise<R> => {
    try {
      // A procedure called without input (limits) has an empty object as its input.
      const out = await invoke(op, ctx.core, input ?? {});
      return present ? await present(out, ctx.core) : (out as R);
    } catch (err) {
      throw toTrpcError(err);
    }
  };
  return { query: () => base.query(resolve), mutation: () => base.mutation(resolve) };
}
