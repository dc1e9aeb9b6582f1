/**
 * OpenCode's permission questions (docs/opencode.md, 1.18.33) translated to and from the bridge protocol.
 * OpenCode's server announces a question as the event `permission.asked` with `{id, sessionID, permission,
 * patterns, metadata, always, tool?}` and takes `POST /permission/{id}/reply {reply: once | always |
 * reject, message}` from any client, first reply wins; `permission.replied` says which reply won. Pure:
 * the plugin that listens and replies is opencode-plugin.ts.
 */
import type { PermissionCall } from '../../common/protocol';
import type { ConsoleDecision } from '../hook/lean-protocol';
import { isObject } from '../hook/shape';

/** The provenance type of an OpenCode card: the agent's own permission check asked. */
export const OPENCODE_PROVENANCE = 'opencode';

export interface PermissionAsked {
  readonly id: string;
  readonly sessionID: string;
  /** OpenCode's permission: bash, edit, read, webfetch, external_directory, … */
  readonly permission: string;
  /** What it asks about, in the terms its rules match (a command, a path). */
  readonly patterns: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
  /** What OpenCode's own "Always" would allow from now on. */
  readonly always: readonly string[];
}

export interface PermissionReplied {
  readonly requestID: string;
  readonly reply: OpenCodeReply['reply'];
}

export interface OpenCodeReply {
  readonly reply: 'once' | 'always' | 'reject';
  readonly message?: string;
}

/** The wire's bounds (common/protocol.ts): an id, a tool name, a provenance rule and message. */
const MAX_ID = 200;
const MAX_TOOL = 500;
const MAX_RULE = 10_000;
const MAX_MESSAGE = 4_000;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((each) => typeof each === 'string') ? value : undefined;

/** The event's properties, or undefined when they are not a question the console can carry. */
export function readPermissionAsked(properties: unknown): PermissionAsked | undefined {
  if (!isObject(properties)) return undefined;
  const { id, sessionID, permission, metadata } = properties;
  const patterns = strings(properties.patterns);
  const always = strings(properties.always) ?? [];
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID) return undefined;
  if (typeof sessionID !== 'string' || sessionID.length === 0 || sessionID.length > MAX_ID) return undefined;
  if (typeof permission !== 'string' || permission.length === 0 || !patterns) return undefined;
  return { id, sessionID, permission, patterns, metadata: isObject(metadata) ? metadata : {}, always };
}

export function readPermissionReplied(properties: unknown): PermissionReplied | undefined {
  if (!isObject(properties)) return undefined;
  const { requestID, reply } = properties;
  if (typeof requestID !== 'string' || (reply !== 'once' && reply !== 'always' && reply !== 'reject'))
    return undefined;
  return { requestID, reply };
}

/**
 * OpenCode's `permission` config for one permission: a single action, or patterns to actions, of which the
 * last that matches wins. Undefined when the config says nothing of it (OpenCode's default then applies).
 */
export function configuredRule(permissionConfig: unknown, asked: PermissionAsked): string | undefined {
  const quote = JSON.stringify;
  for (const key of [asked.permission, '*']) {
    const value = isObject(permissionConfig) ? permissionConfig[key] : permissionConfig;
    if (typeof value === 'string') return `${key}: ${quote(value)}`;
    if (!isObject(value)) continue;
    const matched = Object.entries(value)
      .filter(([pattern]) => asked.patterns.some((each) => wildcardMatch(each, pattern)))
      .at(-1);
    if (matched) return `${key}: { ${quote(matched[0])}: ${quote(matched[1])} }`;
    if (typeof permissionConfig === 'string') break;
  }
  return undefined;
}

/** OpenCode's wildcard: `*` any run, `?` one character, and a trailing ` *` also matches nothing. */
export function wildcardMatch(text: string, pattern: string): boolean {
  let source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  if (source.endsWith(' .*')) source = `${source.slice(0, -3)}( .*)?`;
  return new RegExp(`^${source}$`, 's').test(text);
}

/**
 * The question as the console gets it. OpenCode's `bash` is the call Claude Code names `Bash`: under that
 * name the card shows the command as a command, and the console's grants for commands apply. Every other
 * permission keeps OpenCode's name, with its patterns and metadata as the input. The provenance says why in
 * OpenCode's terms: the permission and patterns it asked about, the config rule that matched, and what its
 * own "Always" would allow.
 */
export function toOpenCodePermissionCall(
  asked: PermissionAsked,
  cwd: string,
  rule: string | undefined,
): PermissionCall {
  const command = typeof asked.metadata.command === 'string' ? asked.metadata.command : undefined;
  const bash = asked.permission === 'bash';
  const input: Record<string, unknown> = bash
    ? {
        command: command ?? asked.patterns.join('\n'),
        ...(typeof asked.metadata.description === 'string'
          ? { description: asked.metadata.description }
          : {}),
      }
    : { patterns: asked.patterns, metadata: asked.metadata };
  const asksAbout = `OpenCode's "${asked.permission}" permission asks about ${asked.patterns.map((each) => JSON.stringify(each)).join(', ') || 'this call'}`;
  const because = rule ? `, by its rule ${rule}` : ', by its default';
  const always = asked.always.length
    ? `; its own "Always" would allow ${asked.always.map((each) => JSON.stringify(each)).join(', ')}`
    : '';
  return {
    id: asked.id,
    sessionId: asked.sessionID,
    cwd,
    tool: bash ? 'Bash' : asked.permission.slice(0, MAX_TOOL),
    input,
    provenance: {
      type: OPENCODE_PROVENANCE,
      source: 'permission',
      rule: (rule ?? `${asked.permission}: (default)`).slice(0, MAX_RULE),
      message: `${asksAbout}${because}${always}.`.slice(0, MAX_MESSAGE),
    },
  };
}

/**
 * OpenCode's reply for the console's decision: an allow is `once`, a deny `reject` with the person's words,
 * which OpenCode hands its model as the tool's result. A passthrough leaves the question to OpenCode's own
 * prompt, so there is no reply.
 */
export function replyFor(decision: ConsoleDecision): OpenCodeReply | undefined {
  if (decision.behavior === 'allow') return { reply: 'once' };
  if (decision.behavior === 'deny')
    return { reply: 'reject', ...(decision.message ? { message: decision.message } : {}) };
  return undefined;
}

/** What OpenCode's own prompt answered, so history records it as the person's answer there. */
export function dialogAnswerOf(replied: PermissionReplied): { readonly behavior: 'allow' | 'deny' } {
  return { behavior: replied.reply === 'reject' ? 'deny' : 'allow' };
}

/**
 * The frame that tells the console its answer, already sent, was not taken: OpenCode's own prompt replied
 * first (the console's reply got 404). It is the withdrawal of a question answered in the agent's dialog,
 * sent after the decision, which history records as the decision not taken.
 */
export function notTakenMessage(id: string, replied: PermissionReplied): object {
  return { type: 'permission.cancel', id, reason: 'answered-in-terminal', answer: dialogAnswerOf(replied) };
}
