/**
 * An MCP tool as a route record declares it (rest/define-route.ts `mcp`): the
 * core operation it runs, its behaviour hints, the guide appended to the
 * operation's description, and, when the operation's input or output is not
 * plain JSON, the JSON form of its input and how its output is shown. tools/
 * builds the tools from these (named pdf_to_markdown_<operation>), so a job
 * operation becomes a tool by its route record alone.
 */
import type { z } from 'zod';
import type { Operation } from '../core/operation.ts';

/** MCP's behaviour hints (the tool's annotations in tools/list). */
export type ToolHints = {
  readonly readOnlyHint: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint: boolean;
  /** Whether the tool reaches beyond the service (a job from a link fetches it). */
  readonly openWorldHint: boolean;
};

/** A read: changes nothing, the same call answers the same. */
export const READ_ONLY: ToolHints = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** What every call costs, for the guides (get_job, whose cost depends on how it waits, says its own). */
export const RATE_NOTE = 'Costs one call of the per-minute rate budget (get_limits: rate_limit_per_minute).';

/** What a route record says about its operation as an MCP tool. */
export type McpOption = {
  readonly hints: ToolHints;
  /** When to use the tool, what it costs (slots, rate budget) and what to call next ("Next: ..."). */
  readonly guide: string;
  /** The input's JSON form, when the operation's input also takes what JSON cannot carry (an upload's stream). */
  readonly jsonInput?: z.ZodType;
  /**
   * `markdown`: the output references the stored Markdown, which the tool
   * answers as text (and its pictures as image content); by default the output
   * is sent as JSON text and structuredContent.
   */
  readonly output?: 'json' | 'markdown';
};

export type McpBinding = McpOption & { readonly operation: Operation };

/** Every tool the records declare, in the records' order. */
export function mcpBindingsOf(routes: readonly { readonly mcp?: readonly McpBinding[] }[]): McpBinding[] {
  return routes.flatMap((r) => r.mcp ?? []);
}
