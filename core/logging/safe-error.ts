/**
 * The `err` serializer of every logger: errors are logged with their type,
 * code, message and stack, but never with the values a request carried. A
 * failed query's message lists its parameters (drizzle's "Failed query: …
 * params: …"), and database messages quote the offending value ('invalid
 * input syntax for type uuid: "…"'); both may be secrets or hostile bytes.
 */

const MAX_DEPTH = 4;

type SafeError = { type: string; message: string; code?: string; stack?: string; cause?: SafeError };

const hasQuery = (e: object): e is { query: string; params: unknown } => 'query' in e && 'params' in e;

/** Values in quotes or after `params:` withheld; the SQL text (placeholders only) is kept. */
function withheld(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [withheld]').replace(/"[^"\n]*"/g, '"…"');
}

/** A JSON-safe description of err and its causes, without request values. */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[non-error value withheld]' };
  const message = hasQuery(err) ? `Failed query: ${err.query}\nparams: [withheld]` : withheld(err.message);
  const out: SafeError = { type: err.constructor.name, message };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code);
  // A stack's first line repeats the message: keep only the frames.
  if (err.stack) out.stack = [`${out.type}: ${message}`, ...err.stack.split('\n').filter((l) => /^\s+at /.test(l))].join('\n');
  if (err.cause !== undefined && depth < MAX_DEPTH) out.cause = safeError(err.cause, depth + 1);
  return out;
}
