/**
 * What the engine knows about tool names: which family checks a tool, which field is its primary input,
 * and under which tool name its content rules are written (`Edit` rules cover every
 * built-in edit tool; path rules written as `Write(...)` are never consulted).
 */
import { parseMcpName } from './tool-name';

export type ToolFamily = 'bash' | 'read' | 'edit' | 'webFetch' | 'mcp' | 'generic';

// Maps, not object literals: a tool may be named `constructor` or `__proto__`.
const FAMILIES: ReadonlyMap<string, ToolFamily> = new Map(
  Object.entries<ToolFamily>({
    Bash: 'bash',
    Read: 'read',
    NotebookRead: 'read',
    Glob: 'read',
    Grep: 'read',
    LS: 'read',
    Edit: 'edit',
    MultiEdit: 'edit',
    Write: 'edit',
    NotebookEdit: 'edit',
    WebFetch: 'webFetch',
  }),
);

export function familyOf(toolName: string): ToolFamily {
  return FAMILIES.get(toolName) ?? (parseMcpName(toolName) ? 'mcp' : 'generic');
}

/** The field a tool's content rules match; `Tool(param:value)` may name any other top-level scalar. */
const PRIMARY_FIELDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    Bash: 'command',
    Read: 'file_path',
    Edit: 'file_path',
    MultiEdit: 'file_path',
    Write: 'file_path',
    NotebookEdit: 'notebook_path',
    NotebookRead: 'notebook_path',
    Glob: 'path',
    Grep: 'path',
    LS: 'path',
    WebFetch: 'url',
    WebSearch: 'query',
    Agent: 'subagent_type',
    Task: 'subagent_type',
    Skill: 'skill',
  }),
);

export function primaryFieldOf(toolName: string): string | undefined {
  return PRIMARY_FIELDS.get(toolName);
}

/** The tools the catalogue knows by name, for suggestions such as the history's tool filter. */
export const knownToolNames: readonly string[] = [...PRIMARY_FIELDS.keys()];

/** The tool name whose content rules a call consults: Read for the read family, Edit for the edit family. */
export function contentRuleToolName(toolName: string): string {
  const family = familyOf(toolName);
  if (family === 'read') return 'Read';
  if (family === 'edit') return 'Edit';
  return toolName;
}

/** Tools whose path content rules Claude Code never consults: only `Read(...)` and `Edit(...)` count. */
export const pathRulesNeverConsulted: ReadonlySet<string> = new Set([
  'Write',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'Glob',
  'Grep',
  'LS',
]);

/** Tools that exist to talk to the user, so approving them automatically makes no sense (step 1e). */
export const requiresUserInteractionTools: ReadonlySet<string> = new Set(['AskUserQuestion']);
