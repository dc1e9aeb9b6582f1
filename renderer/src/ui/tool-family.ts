/** Which card a tool gets: Bash, the edit family, WebFetch, an MCP tool, or anything else as JSON. */
export type ToolFamily = 'bash' | 'edit' | 'fetch' | 'mcp' | 'other';

const EDIT_FAMILY = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

export function familyOf(tool: string, input: Readonly<Record<string, unknown>>): ToolFamily {
  if (tool === 'Bash' && typeof input.command === 'string') return 'bash';
  if (EDIT_FAMILY.has(tool)) return 'edit';
  if (tool === 'WebFetch' && typeof input.url === 'string') return 'fetch';
  if (parseMcpTool(tool)) return 'mcp';
  return 'other';
}

/** `mcp__server__tool` → its server and tool; the server name may not contain `__`, the tool name may. */
export function parseMcpTool(name: string): { server: string; tool: string } | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(name);
  return match ? { server: match[1]!, tool: match[2]! } : undefined;
}

/** The host of a URL, or undefined when it is not one. */
export function domainOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).hostname : undefined;
}
