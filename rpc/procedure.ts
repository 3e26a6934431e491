import type { z } from 'zod';
import type { Ctx } from '../core/context.ts';
import { invoke, type Operation } from '../core/operation.ts';
import { authedProcedure } from './trpc.ts';
import { toTrpcError } from './trpc-code.ts';

type Options<O extends z.ZodType, R, J extends z.ZodType> = {
  /** Turns an output that is not sent as it is (a stored-result reference) into what the client gets. */
  present?: (out: z.output<O>, ctx: Ctx) => Promise<R>;
  /** The JSON form of the input (its type for tRPC clients), for operations whose input also takes a BlobSource. */
  jsonInput?: J;
};

/**
 * The tRPC procedure of an operation: authenticated, then invoke() does the
 * scope check and parses the input (so tRPC only passes it through, typed as
 * the operation's input or its JSON form); domain errors become TRPCErrors.
 */
export function procedure<I extends z.ZodType, O extends z.ZodType, R = z.output<O>, J extends z.ZodType = I>(
  op: Operation<I, O>,
  opts: Options<O, R, J> = {},
) {
  const base = authedProcedure.meta({ operation: op.name }).input((raw: unknown) => raw as z.input<J>);
  const resolve = async ({ ctx, input, signal }: { ctx: { core: Ctx }; input: unknown; signal: AbortSignal | undefined }): Promise<R> => {
    try {
      // The request's signal aborts when the client disconnects: a long poll (jobs.get wait_seconds) then stops waiting.
      const core: Ctx = signal ? { ...ctx.core, abortSignal: () => signal } : ctx.core;
      // A procedure called without input (limits) has an empty object as its input.
      const out = await invoke(op, core, input ?? {});
      return opts.present ? await opts.present(out, core) : (out as R);
    } catch (err) {
      throw toTrpcError(err);
    }
  };
  return { query: () => base.query(resolve), mutation: () => base.mutation(resolve) };
}
