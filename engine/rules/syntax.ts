/**
 * The rule syntax (docs/engine.md, Rule syntax): `Tool`, `Tool(content)`, `mcp__server`,
 * `mcp__server__tool`, `mcp__server__*`, tool-name globs. Content runs from the first `(` to the final `)`;
 * a `(` or `)` inside it may be escaped as `\(` / `\)` (and a backslash before them as `\\`), as Claude Code
 * writes rules such as `Bash(python -c "print\(1\)")`. What the content means is the tool family's business
 * (engine/rules/compile.ts); this module only splits and joins.
 */
import type { RuleValue } from '../types';
import { phrase, type Phrase, type PhraseCode } from '../explain/phrases';

export type RuleParseResult =
  | { readonly ok: true; readonly value: RuleValue }
  /** `errorPhrase` is the code and parameters `error` was built from, for the console's language. */
  | { readonly ok: false; readonly error: string; readonly errorPhrase: Phrase };

const TOOL_NAME = /^[A-Za-z0-9_.*-]+$/;

export function parseRule(text: string): RuleParseResult {
  const fail = (code: PhraseCode, params: Phrase['params'] = {}): RuleParseResult => {
    const said = phrase(code, params);
    return { ok: false, error: said.message, errorPhrase: said.phrase };
  };
  const rule = { literal: text };
  if (text.trim() === '') return fail('ruleSyntax.empty');
  if (text !== text.trim()) return fail('ruleSyntax.spaces', { rule });

  const open = text.indexOf('(');
  const toolName = open === -1 ? text : text.slice(0, open);
  if (toolName === '') return fail('ruleSyntax.noToolName', { rule });
  const tool = { literal: toolName };
  if (!TOOL_NAME.test(toolName))
    return fail(toolName.includes(')') ? 'ruleSyntax.toolNameParen' : 'ruleSyntax.toolNameChars', {
      tool,
      rule,
    });
  if (open === -1) return { ok: true, value: { toolName } };

  if (!text.endsWith(')') || isEscaped(text, text.length - 1) || text.length - 1 === open) {
    if (text.length - 1 === open) return fail('ruleSyntax.neverClosed', { rule, tool });
    return fail('ruleSyntax.mustEnd', { rule, tool });
  }
  const content = unescapeContent(text.slice(open + 1, -1));
  // `Tool()` and `Tool(*)` mean the whole tool in Claude Code; keep one spelling so equal rules compare equal.
  if (content === '' || content === '*') return { ok: true, value: { toolName } };
  return { ok: true, value: { toolName, ruleContent: content } };
}

export function formatRule(value: RuleValue): string {
  if (value.ruleContent === undefined || value.ruleContent === '' || value.ruleContent === '*')
    return value.toolName;
  return `${value.toolName}(${escapeContent(value.ruleContent)})`;
}

/** True when the character at `index` is preceded by an odd number of backslashes. */
function isEscaped(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

function unescapeContent(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    const next = raw[i + 1];
    if (ch === '\\' && (next === '(' || next === ')' || next === '\\')) {
      out += next;
      i++;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * Escapes parentheses always, and a backslash only where unescaping would otherwise eat it (before a paren,
 * a backslash, or the closing paren), so ordinary backslashes in Bash patterns survive untouched.
 */
function escapeContent(content: string): string {
  let out = '';
  for (let i = 0; i < content.length; i++) {
    const ch = content[i]!;
    const next = content[i + 1];
    if (ch === '(' || ch === ')') out += `\\${ch}`;
    else if (ch === '\\' && (next === undefined || next === '(' || next === ')' || next === '\\'))
      out += '\\\\';
    else out += ch;
  }
  return out;
}
