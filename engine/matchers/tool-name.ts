/**
 * Which tools a rule's tool name covers (docs/engine.md, Rule syntax): an exact name, a whole MCP server
 * (`mcp__github`, `mcp__github__*`), or a glob (`mcp__github__get_*`, `*`, `mcp__*`).
 */
import { wildcardToRegExp } from './glob';

export type ToolNamePattern =
  | { readonly kind: 'exact'; readonly name: string }
  | { readonly kind: 'mcpServer'; readonly server: string }
  | { readonly kind: 'glob'; readonly regex: RegExp; readonly literalMcpPrefix: boolean };

export interface McpToolName {
  readonly server: string;
  /** Empty for a bare server name (`mcp__github`). */
  readonly tool: string;
}

/** Splits `mcp__server__tool`; the server never contains `__`, the tool may. */
export function parseMcpName(name: string): McpToolName | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  const rest = name.slice('mcp__'.length);
  const split = rest.indexOf('__');
  if (split === -1) return rest === '' ? undefined : { server: rest, tool: '' };
  const server = rest.slice(0, split);
  return server === '' ? undefined : { server, tool: rest.slice(split + 2) };
}

export function compileToolName(name: string): ToolNamePattern {
  const mcp = parseMcpName(name);
  if (mcp && !mcp.server.includes('*') && (mcp.tool === '' || mcp.tool === '*')) {
    return { kind: 'mcpServer', server: mcp.server };
  }
  if (!name.includes('*')) return { kind: 'exact', name };
  return {
    kind: 'glob',
    regex: wildcardToRegExp(name),
    literalMcpPrefix:
      mcp !== undefined && !mcp.server.includes('*') && name.startsWith(`mcp__${mcp.server}__`),
  };
}

export function toolNameMatches(pattern: ToolNamePattern, toolName: string): boolean {
  switch (pattern.kind) {
    case 'exact':
      return pattern.name === toolName;
    case 'mcpServer':
      return parseMcpName(toolName)?.server === pattern.server;
    case 'glob':
      return pattern.regex.test(toolName);
  }
}
