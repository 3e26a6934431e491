/**
 * Zod → JSON Schema (draft 2020-12) for tool lists, straight from the
 * schemas core validates with. Nothing is patched: a schema with no JSON
 * form (a BlobSource) throws here, so an operation that takes one must be
 * offered through its JSON form (see tool-spec.ts).
 */
import { z } from 'zod';
import { portableSchema } from './portable-schema.ts';

export type ObjectJsonSchema = { type: 'object'; properties?: Record<string, object>; required?: string[]; [k: string]: unknown };

export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectJsonSchema {
  // Nullable values as anyOf, never a list of types: some function-calling dialects reject those (portable-schema.ts).
  const json: unknown = portableSchema(z.toJSONSchema(schema, { io }));
  if (!isObjectSchema(json)) throw new Error('A tool schema must describe a JSON object.');
  return json;
}

function isObjectSchema(v: unknown): v is ObjectJsonSchema {
  return typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'object';
}
