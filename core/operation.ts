/**
 * An operation is data plus one function: a name, the scope it needs, who may
 * call it, zod schemas for input and output, and a handler. Every transport
 * calls it through invoke(), so scope checks, parsing and logging happen once.
 */
import { z } from 'zod';
import type { Ctx } from './context.ts';
import { deepFreeze } from './deep-freeze.ts';
import { DomainError, type ErrorCode } from './errors.ts';
import type { AddressBudgets } from './ratelimit/address-budgets.ts';
import { CALL_COST_UNITS, LEAST_COST_UNITS, UNITS_PER_CALL, type Bill } from './ratelimit/call-cost.ts';
import { consumeRate, consumeRest } from './ratelimit/consume-rate.ts';
import { hasScope, type PrincipalKind } from './principal.ts';
import { inputProblems, wrongCredentialMessage } from './refusal-messages.ts';
import type { Scope } from './scopes.ts';

export type Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, E extends ErrorCode = ErrorCode> = {
  name: string;
  /** One line for tool lists and OpenAPI summaries. */
  title: string;
  description: string;
  scope: Scope | null;
  actors: readonly PrincipalKind[];
  input: I;
  output: O;
  /**
   * The error codes the handler can answer (its own refusals and those of
   * the core functions it calls). invoke() adds the ones every call can get
   * (INVOKE_ERRORS). Each route that runs the operation must list their
   * statuses (rest/define-route.ts checks it when it compiles).
   */
  errors: readonly E[];
  /** For operations open to anonymous callers: their rate policy, budgets per client address and network. */
  addressBudgets?: AddressBudgets;
  /**
   * Whether this call may cost less than a call (ratelimit/call-cost.ts):
   * then the least cost is charged before the handler runs, the rest after
   * it, by what the handler wrote in `bill` (a failure costs a whole call).
   * Told the parsed input: a call that cannot be discounted is charged whole
   * up front, in one charge instead of two.
   */
  discounted?(input: z.output<I>): boolean;
  /**
   * Whether this call has no effect (a plain read): invoke() then starts the
   * handler while the rate charge is in flight, one round trip less per call,
   * and drops its answer when the charge is refused. Never for a call that
   * waits (a long poll would keep waiting for nobody).
   */
  readOnly?(input: z.output<I>): boolean;
  handler(ctx: Ctx, input: z.output<I>, bill: Bill): Promise<z.input<O>>;
};

/** What invoke() itself can refuse any call with: an exhausted budget (an input that does not parse is bad_input, listed by the operations that take input). */
export const INVOKE_ERRORS = ['rate_limited'] as const satisfies readonly ErrorCode[];

export function defineOperation<I extends z.ZodType, O extends z.ZodType, const E extends ErrorCode>(op: Operation<I, O, E>): Operation<I, O, E> {
  return op;
}

/**
 * Runs an operation for ctx.principal: rate charge, actor and scope check,
 * input parse, handler, output parse, log. Every call is charged against the
 * caller's rate budget here, whatever the transport and however many calls
 * its request carries: one call, or for a discounted operation what its
 * answer cost (call-cost.ts); the charge is reported through
 * ctx.onRateCharge (not at all when budgets are lifted).
 */
export async function invoke<I extends z.ZodType, O extends z.ZodType, E extends ErrorCode>(
  op: Operation<I, O, E>,
  ctx: Ctx,
  raw: unknown,
): Promise<z.output<O>> {
  const started = performance.now();
  const p = ctx.principal;
  const bill: Bill = { cost: 'full' };
  // Admitted first, refused after the charge: a refused or malformed call costs as much as a good one.
  const admitted = tryAdmit(op, p, raw);
  const upfront = admitted.ok && op.discounted?.(admitted.input) ? LEAST_COST_UNITS : UNITS_PER_CALL;
  try {
    const early = admitted.ok && op.readOnly?.(admitted.input) ? settled(op.handler(ctx, admitted.input, bill)) : null;
    // Charged before anything else counts: a refused charge drops the early read's answer.
    const charge = await consumeRate(ctx, op.addressBudgets?.(ctx.config), upfront);
    if (charge) ctx.onRateCharge?.(charge);
    if (!admitted.ok) throw admitted.error;
    let out: z.output<O>;
    try {
      out = checkedOutput(op.output, await (early ? early.result() : op.handler(ctx, admitted.input, bill)));
    } catch (err) {
      bill.cost = 'full';
      throw err;
    } finally {
      if (upfront < UNITS_PER_CALL) await chargeRest(ctx, CALL_COST_UNITS[bill.cost] - upfront);
    }
    ctx.log.debug({ op: op.name, actor: p.kind, ms: Math.round(performance.now() - started) }, 'operation');
    return out;
  } catch (err) {
    // Refusals are logged by code only: never the input, which may hold secrets or hostile bytes.
    const code = err instanceof DomainError ? err.code : 'internal';
    ctx.log.info({ op: op.name, actor: p.kind, code, ms: Math.round(performance.now() - started) }, 'operation failed');
    throw err;
  }
}

/** A promise whose failure is held until asked for (an early read whose answer may be dropped). */
function settled<T>(running: Promise<T>): { result(): Promise<T> } {
  const outcome = running.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
  return {
    async result() {
      const o = await outcome;
      if (o.ok) return o.value;
      throw o.error;
    },
  };
}

function tryAdmit<I extends z.ZodType>(op: Operation<I, z.ZodType, ErrorCode>, p: Ctx['principal'], raw: unknown):
  { ok: true; input: z.output<I> } | { ok: false; error: unknown } {
  try {
    return { ok: true, input: admit(op, p, raw) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The rest of a discounted call's cost, once its answer is known. */
async function chargeRest(ctx: Ctx, units: number): Promise<void> {
  const charge = await consumeRest(ctx, units);
  if (charge) ctx.onRateCharge?.(charge);
}

/**
 * Outputs already validated, by the object the handler returned. A handler
 * may return the same deeply frozen object again (a poll of an unchanged job
 * answers its cached view): that object cannot have changed since it passed
 * the schema, so its parsed form is reused instead of parsed anew. Anything
 * else is parsed on every call.
 */
const validated = new WeakMap<object, { schema: z.ZodType; out: unknown }>();

function checkedOutput<O extends z.ZodType>(schema: O, raw: unknown): z.output<O> {
  const frozen = typeof raw === 'object' && raw !== null && Object.isFrozen(raw);
  if (!frozen) return schema.parse(raw);
  const hit = validated.get(raw);
  if (hit?.schema === schema) return hit.out as z.output<O>;
  const out = deepFreeze(schema.parse(raw));
  validated.set(raw, { schema, out });
  return out;
}

/** Actor and scope check, then the parsed input; throws the DomainError that refuses the call. */
function admit<I extends z.ZodType>(op: Operation<I, z.ZodType, ErrorCode>, p: Ctx['principal'], raw: unknown): z.output<I> {
  if (!op.actors.includes(p.kind)) {
    // A signed-in person may read and delete, but creating jobs needs an API key.
    const apiKeyOnly = op.actors.includes('api_key') && p.kind !== 'device';
    throw new DomainError(apiKeyOnly ? 'api_key_required' : 'forbidden', wrongCredentialMessage(op.title, op.actors, p.kind));
  }
  if (op.scope && !hasScope(p, op.scope)) {
    throw new DomainError('insufficient_scope', `This API key lacks the scope ${op.scope}.`);
  }
  const parsed = op.input.safeParse(raw);
  if (!parsed.success) throw new DomainError('bad_input', inputProblems(parsed.error));
  return parsed.data;
}
