/**
 * Turns whatever a command threw into one human sentence for stderr: a zod
 * failure names the setting or option and what was wrong with it, instead of
 * the raw issue dump.
 */
import { ZodError } from 'zod';

/** One line describing `err`, without a stack. */
export function errorSentence(err: unknown): string {
  if (err instanceof ZodError) {
    const [issue] = err.issues;
    if (!issue) return 'invalid input';
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `invalid ${where}${issue.message}`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]!.trim();
}
