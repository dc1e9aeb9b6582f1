/**
 * GitHub Copilot CLI's own permission terms (docs/copilot.md, 1.0.102): the kind of permission a tool call
 * needs, and the approvals "Yes, and don't ask again … in this directory" saves per folder in
 * `permissions-config.json`. The hook reads them to let Copilot allow what it would allow by itself; the
 * console reads them to say on the card why Copilot asked. Pure.
 */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copilot's permission kinds as its own prompt names them, for the tools its hook is asked about. */
export type CopilotKind = 'shell' | 'write' | 'read' | 'url' | 'other';

/**
 * The shell tool is `bash` as Copilot sends it and `Bash` once the hook renamed it for the console. Its
 * `create` tool reaches the hook as `edit` (with `file_path` and a diff) on 1.0.102.
 */
const KINDS: Readonly<Record<string, CopilotKind>> = {
  bash: 'shell',
  Bash: 'shell',
  create: 'write',
  edit: 'write',
  view: 'read',
  grep: 'read',
  glob: 'read',
  web_fetch: 'url',
};

export function copilotKindOf(tool: string): CopilotKind {
  return Object.hasOwn(KINDS, tool) ? KINDS[tool]! : 'other';
}

/**
 * Whether a shell command is one plain command whose name (or name and first-level subcommand, as Copilot
 * keys `git push`) is among the identifiers. Anything compound is left to Copilot: it splits commands
 * with a real shell parser, and a miss here only means Copilot asks the person itself.
 */
function commandApproved(command: unknown, identifiers: readonly string[]): boolean {
  if (typeof command !== 'string' || /[;&|<>`$(){}\n\\]/.test(command)) return false;
  const words = command.trim().split(/\s+/);
  const name = words[0];
  if (!name) return false;
  return (
    identifiers.includes(name) || (words[1] !== undefined && identifiers.includes(`${name} ${words[1]}`))
  );
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

/** Whether one saved approval covers the call, as far as Gatehouse can tell without Copilot's parser. */
export function approvalCovers(
  approval: unknown,
  tool: string,
  input: Readonly<Record<string, unknown>>,
): boolean {
  if (!isObject(approval)) return false;
  const kind = copilotKindOf(tool);
  switch (approval.kind) {
    case 'commands':
      return kind === 'shell' && commandApproved(input.command, strings(approval.commandIdentifiers));
    case 'read':
      return kind === 'read';
    case 'write':
      return kind === 'write';
    default:
      return false;
  }
}

/** The approvals saved for this folder, or undefined when the file holds none for it. */
export function savedApprovalsFor(permissionsConfig: unknown, cwd: string): readonly unknown[] | undefined {
  if (!isObject(permissionsConfig) || !isObject(permissionsConfig.locations)) return undefined;
  if (!Object.hasOwn(permissionsConfig.locations, cwd)) return undefined;
  const location = permissionsConfig.locations[cwd];
  return isObject(location) && Array.isArray(location.tool_approvals) ? location.tool_approvals : undefined;
}

/** A saved approval in the words Copilot's own list of approvals uses: "shell command (touch, git push)". */
export function describeApproval(approval: unknown): string {
  if (!isObject(approval) || typeof approval.kind !== 'string') return 'unrecognised approval';
  const named = (what: string, detail: string | undefined) => (detail ? `${what} (${detail})` : what);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  switch (approval.kind) {
    case 'commands':
      return named('shell command', strings(approval.commandIdentifiers).join(', '));
    case 'write':
      return named('write', text(approval.fileName));
    case 'read':
      return named('read', text(approval.path));
    case 'url':
      return named('URL', text(approval.url));
    case 'mcp':
      return named(
        'MCP tool',
        [text(approval.serverName), text(approval.toolName)].filter(Boolean).join('/') || undefined,
      );
    default:
      return named(approval.kind, text(approval.toolName));
  }
}
