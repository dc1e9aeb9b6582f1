/**
 * The one-line summary of a request: what it wants to do and the field that says most about it. History
 * rows, rule previews' examples and notifications all show this line.
 */
import { familyOf } from '../engine';
import { acpCallOf } from './acp-call';

export interface SummaryOptions {
  readonly keepHidden?: boolean;
}

export interface Line {
  readonly text: string;
  /** Nothing was cut or dropped: the line is all of the original text. */
  readonly complete: boolean;
}

/**
 * One line of at most `limit` characters. Line breaks show as ↵ so a second line cannot hide below the
 * first; control and invisible formatting characters (bidi overrides, zero-width marks) are dropped, since
 * they can make a command read differently from what runs, and dropping any makes the line incomplete.
 * `keepHidden` keeps them for a screen that draws each as a mark (renderer/src/ui/visible-text.tsx).
 */
export function oneLine(text: string, limit: number, options: SummaryOptions = {}): Line {
  const spaced = text.replace(/\r\n|\r|\n/g, ' ↵ ').replace(/\t/g, ' ');
  const visible = options.keepHidden ? spaced : spaced.replace(/[\p{Cc}\p{Cf}]/gu, '');
  const dropped = visible.length !== spaced.length;
  const points = Array.from(visible);
  if (points.length <= limit) return { text: visible, complete: !dropped };
  return { text: `${points.slice(0, limit - 1).join('')}…`, complete: false };
}

/** What a request wants to do; `use` is any tool without a field that says more than its input. */
export type RequestAction = 'run' | 'edit' | 'read' | 'search' | 'fetch' | 'webSearch' | 'use';

export interface RequestSummary {
  readonly action: RequestAction;
  /** The command, path, pattern, URL or query, else the whole input as JSON, as one line. */
  readonly line: Line;
}

function stringField(input: Readonly<Record<string, unknown>>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = input[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** An ACP call says what it does in its content, not in Claude Code's fields (common/acp-call.ts). */
function acpDetailOf(
  tool: string,
  input: Readonly<Record<string, unknown>>,
  provenance: { readonly type: string } | undefined,
): [RequestAction, string] | undefined {
  const call = acpCallOf(provenance ? { input, provenance } : { input });
  if (!call) return undefined;
  if (call.command !== undefined) return ['run', call.command];
  const diff = call.diffs[0];
  if (diff) return ['edit', diff.path];
  const where = call.locations[0]?.path;
  if (where !== undefined && (call.kind === 'read' || call.kind === 'search')) return [call.kind, where];
  if (where !== undefined && (call.kind === 'edit' || call.kind === 'delete' || call.kind === 'move'))
    return ['edit', where];
  return ['use', tool];
}

function detailOf(tool: string, input: Readonly<Record<string, unknown>>): [RequestAction, string] {
  const family = familyOf(tool);
  const command = family === 'bash' ? stringField(input, 'command') : undefined;
  if (command !== undefined) return ['run', command];
  const path = stringField(input, 'file_path', 'notebook_path');
  if (family === 'edit' && path !== undefined) return ['edit', path];
  const pattern = stringField(input, 'pattern');
  if ((tool === 'Glob' || tool === 'Grep') && pattern !== undefined) {
    const where = stringField(input, 'path');
    return ['search', where ? `${pattern} in ${where}` : pattern];
  }
  if (family === 'read' && path !== undefined) return ['read', path];
  const url = family === 'webFetch' ? stringField(input, 'url') : undefined;
  if (url !== undefined) return ['fetch', url];
  const query = tool === 'WebSearch' ? stringField(input, 'query') : undefined;
  if (query !== undefined) return ['webSearch', query];
  return ['use', JSON.stringify(input)];
}

/** A request's summary, its line cut to `limit` characters; `provenance` marks an ACP call. */
export function summarizeRequest(
  tool: string,
  input: Readonly<Record<string, unknown>>,
  limit: number,
  provenance?: { readonly type: string },
  options: SummaryOptions = {},
): RequestSummary {
  const [action, detail] = acpDetailOf(tool, input, provenance) ?? detailOf(tool, input);
  return { action, line: oneLine(detail, limit, options) };
}
