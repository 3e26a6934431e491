/**
 * Turns whatever a command threw into one human sentence for stderr: a zod
 * failure names the setting or option and what was wrong with it, instead of
 * the raw issue dump.
 */
import type { ZodError } from 'zod';

/**
 * A zod failure, told by its shape: importing zod's classes would load its
 * ninety-odd modules in every command (`p2m convert` included) before its
 * first file, for an error most runs never see.
 */
function isZodError(err: unknown): err is ZodError {
  return err instanceof Error && err.name === 'ZodError' && Array.isArray((err as { issues?: unknown }).issues);
}

/** One line describing `err`, without a stack. */
export function errorSentence(err: unknown): string {
  if (isZodError(err)) {
    const [issue] = err.issues;
    if (!issue) return 'invalid input';
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `invalid ${where}${issue.message}`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]!.trim();
}
