/**
 * Zod → JSON Schema (draft 2020-12) for tool lists. Operations may accept a
 * stream where JSON clients send base64 (UploadContent is a union of both);
 * a stream has no JSON form, so such alternatives are dropped and the wire
 * schema keeps only what a JSON-RPC caller can send. The operation's schema
 * stays the one source of truth.
 */
import { z } from 'zod';

const STREAM_MARK = 'x-p2m-unrepresentable';

export type ObjectJsonSchema = { type: 'object'; properties?: Record<string, object>; required?: string[]; [k: string]: unknown };

export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectJsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'custom') ctx.jsonSchema[STREAM_MARK] = true;
    },
  });
  const pruned = prune(json);
  if (!isObjectSchema(pruned)) throw new Error('A tool schema must describe a JSON object.');
  return pruned;
}

function isObjectSchema(v: unknown): v is ObjectJsonSchema {
  return typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'object';
}

const isMarked = (v: unknown) => typeof v === 'object' && v !== null && STREAM_MARK in v;

/** Removes marked alternatives from anyOf/oneOf (collapsing a single survivor), recursively. */
function prune(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prune);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = prune(v);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = out[key];
    if (!Array.isArray(alts)) continue;
    const kept = alts.filter((a) => !isMarked(a));
    if (kept.length === alts.length) continue;
    delete out[key];
    if (kept.length === 1) Object.assign(out, kept[0]);
    else if (kept.length > 1) out[key] = kept;
  }
  return out;
}
