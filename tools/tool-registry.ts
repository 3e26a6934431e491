/**
 * The MCP tools: one per tool the route records declare (their `mcp`;
 * server/ hands the bindings over), named pdf_to_markdown_<op name>. Built
 * once per router, not at import time.
 */
import type { McpBinding } from '../http/mcp-binding.ts';
import { markdownTool } from './markdown-tool.ts';
import { TOOL_PREFIX, toolSpec, type ToolSpec } from './tool-spec.ts';

export type ToolRegistry = {
  list: ToolSpec['tool'][];
  byName: ReadonlyMap<string, ToolSpec>;
};

const specOf = (binding: McpBinding): ToolSpec => (binding.output === 'markdown' ? markdownTool(binding) : toolSpec(binding));

/** The tools of these bindings; a tool declared twice fails here. */
export function buildToolRegistry(bindings: readonly McpBinding[]): ToolRegistry {
  const specs = bindings.map(specOf);
  const byName = new Map(specs.map((s) => [s.tool.name, s]));
  if (byName.size !== specs.length) throw new Error('an MCP tool is declared twice');
  return { list: specs.map((s) => s.tool), byName };
}

export const toolNameOf = (opName: string) => TOOL_PREFIX + opName;
