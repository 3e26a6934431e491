/**
 * Tool schemas every function-calling dialect accepts. JSON Schema allows a
 * list of types (`"type": ["string", "null"]`), but some dialects (Gemini's
 * OpenAPI subset, and the MCP Inspector's schema-portability check) reject
 * it. A nullable value is written as `anyOf: [{type: "string", …}, {type:
 * "null"}]` instead, which means the same. portabilityWarnings() is the check
 * the tests run on every tools/list schema.
 */
type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// Annotations stay on the property; everything else describes the non-null value.
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

function splitTypes(node: Obj, types: Json[]): Obj {
  const annotations: Obj = {};
  const value: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'type') continue;
    (ANNOTATIONS.has(k) ? annotations : value)[k] = v;
  }
  const branches = types.map((t) => (t === 'null' ? { type: 'null' } : { type: t, ...value }));
  return { ...annotations, anyOf: branches };
}

/** The schema with every list of types rewritten as anyOf; nothing else changes. */
export function portableSchema<T>(schema: T): T {
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isObj(node)) return node;
    const out: Obj = {};
    for (const [k, v] of Object.entries(node)) out[k] = visit(v);
    return Array.isArray(out.type) ? splitTypes(out, out.type) : out;
  };
  return visit(schema) as T;
}

/** What a portability check reports: every place a schema lists several types. */
export function portabilityWarnings(schema: Json, path = '#'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => portabilityWarnings(s, `${path}/${i}`));
  if (!isObj(schema)) return [];
  const own = Array.isArray(schema.type) ? [`${path}: type ${JSON.stringify(schema.type)} (write anyOf)`] : [];
  return [...own, ...Object.entries(schema).flatMap(([k, v]) => portabilityWarnings(v, `${path}/${k}`))];
}
