/**
 * The MCP tools: one per operation in JOB_OPERATIONS, named
 * pdf_to_markdown_<op name>. Built once per router, not at import time.
 */
import type { Operation } from '../core/operation.ts';
import { JOB_OPERATIONS, getMarkdown } from '../core/operations.ts';
import { markdownTool } from './markdown-tool.ts';
import { TOOL_PREFIX, toolSpec, type ToolSpec } from './tool-spec.ts';

export type ToolRegistry = {
  list: ToolSpec['tool'][];
  byName: ReadonlyMap<string, ToolSpec>;
};

export function buildToolRegistry(): ToolRegistry {
  const specs = JOB_OPERATIONS.map((op) => (op.name === getMarkdown.name ? markdownTool() : toolSpec<Operation['input'], Operation['output']>(op)));
  return {
    list: specs.map((s) => s.tool),
    byName: new Map(specs.map((s) => [s.tool.name, s])),
  };
}

export const toolNameOf = (opName: string) => TOOL_PREFIX + opName;
