/** Which paths a file tool's call names, built-in and MCP alike: what its risk and its dangers are read from. */
import type { ToolCall } from '../tools/types';

/** The fields a file tool names its file or files in. */
const PATH_FIELDS = ['file_path', 'notebook_path', 'path', 'paths', 'source', 'destination'] as const;
/** MCP tool names that only read or list what they name. */
export const MCP_READ_VERBS = /^(get|list|read|search|fetch|query|describe|view|show|find|lookup)(_|$)/i;

export function pathsOf(input: ToolCall['input']): string[] {
  return PATH_FIELDS.flatMap((field) => stringsOf(input[field]));
}

/** The paths a read tool opens: Grep's `pattern` is a regular expression, not a file. */
export function readPaths(call: ToolCall): string[] {
  const fields =
    call.toolName === 'Grep' ? ['path', 'glob'] : ['file_path', 'notebook_path', 'path', 'pattern'];
  return fields.flatMap((field) => stringsOf(call.input[field]));
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
