/**
 * The MCP tools: one per operation in JOB_OPERATIONS, named
 * pdf_to_markdown_<op name>. Built once per router, not at import time.
 */
import { Base64UploadInput } from '../core/jobs/create-job-from-upload.ts';
import type { Operation } from '../core/operation.ts';
import { JOB_OPERATIONS, createJobFromUpload, getMarkdown } from '../core/operations.ts';
import { markdownTool } from './markdown-tool.ts';
import { TOOL_PREFIX, toolSpec, type ToolSpec } from './tool-spec.ts';

export type ToolRegistry = {
  list: ToolSpec['tool'][];
  byName: ReadonlyMap<string, ToolSpec>;
};

function specOf(op: Operation): ToolSpec {
  if (op.name === getMarkdown.name) return markdownTool();
  // MCP is JSON: an upload arrives as base64 text, which the operation's input turns into its BlobSource.
  if (op.name === createJobFromUpload.name) return toolSpec(op, { jsonInput: Base64UploadInput });
  return toolSpec(op);
}

export function buildToolRegistry(): ToolRegistry {
  const specs = JOB_OPERATIONS.map((op) => specOf(op as unknown as Operation));
  return {
    list: specs.map((s) => s.tool),
    byName: new Map(specs.map((s) => [s.tool.name, s])),
  };
}

export const toolNameOf = (opName: string) => TOOL_PREFIX + opName;
