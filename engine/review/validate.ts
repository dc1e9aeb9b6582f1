/**
 * One rule as the rule editor types it: the same syntax and content checks a settings file gets at load
 * time, the warning `gatehouse rules` would show, and Claude Code's own check of tool names, without
 * building a context. The editor writes nothing this refuses.
 */
import type { RuleBehavior, RuleValue } from '../types';
import { compileRule } from '../rules/compile';
import { formatRule, parseRule } from '../rules/syntax';
import { broadAllowPhrase } from './warnings/broad-allow';
import { phrase, phraseText, type Phrase } from '../explain/phrases';

export type RuleCheck =
  /** `broad` is what an allow rule hands over without asking when that is far more than it reads as. */
  | {
      readonly ok: true;
      readonly value: RuleValue;
      readonly warning?: string;
      /** The phrase of `warning` when it is one sentence. */
      readonly warningPhrase?: Phrase;
      readonly broad?: string;
    }
  /**
   * `errorPhrase` is the code and parameters `error` was built from; `fix` is the rule the person most
   * likely meant, offered as one click.
   */
  | { readonly ok: false; readonly error: string; readonly errorPhrase: Phrase; readonly fix?: string };

/** Claude Code's tool names start with a capital (`Bash`), except MCP tools and the deny/ask wildcard. */
const CLAUDE_TOOL_NAME = /^(?:[A-Z]|mcp__|\*)/;

export function checkRule(text: string, behavior: RuleBehavior): RuleCheck {
  const parsed = parseRule(text);
  if (!parsed.ok) return parsed;
  const { toolName } = parsed.value;
  if (!CLAUDE_TOOL_NAME.test(toolName)) {
    const fixed = { ...parsed.value, toolName: toolName.charAt(0).toUpperCase() + toolName.slice(1) };
    const said = phrase('ruleSyntax.lowercaseTool', { tool: { literal: toolName } });
    return { ok: false, error: said.message, errorPhrase: said.phrase, fix: formatRule(fixed) };
  }
  // Anchors only place `/path` patterns; they cannot make a rule valid or invalid.
  const compiled = compileRule(
    { source: 'session', ruleBehavior: behavior, ruleValue: parsed.value, origin: { anchorDir: '/' } },
    0,
    { cwd: '/', home: '/' },
  );
  if (!compiled.ok) {
    const said = phrase('ruleContent.sentence', { problem: { phrase: compiled.errorPhrase } });
    const error = { ok: false, error: said.message, errorPhrase: said.phrase } as const;
    const fix = domainFix(parsed.value);
    return fix === undefined ? error : { ...error, fix };
  }
  const what = behavior === 'allow' ? broadAllowPhrase(compiled.rule) : undefined;
  const broadly =
    what === undefined ? undefined : phrase('warning.thisRuleBroad', { what: { phrase: what } });
  const loaded = compiled.rule.warningPhrase;
  const warned =
    broadly === undefined
      ? loaded && { message: phraseText(loaded), phrase: loaded }
      : loaded === undefined
        ? broadly
        : phrase('warning.both', { first: { phrase: broadly.phrase }, second: { phrase: loaded } });
  return {
    ok: true,
    value: parsed.value,
    ...(warned === undefined ? {} : { warning: warned.message, warningPhrase: warned.phrase }),
    ...(what === undefined ? {} : { broad: phraseText(what) }),
  };
}

/** `WebFetch(pytorch.org)` or `WebFetch(https://pytorch.org/docs)` meant `WebFetch(domain:pytorch.org)`. */
function domainFix(value: RuleValue): string | undefined {
  const content = value.ruleContent;
  if (value.toolName !== 'WebFetch' || content === undefined) return undefined;
  let host = content.replace(/^domain:/, '');
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) host = new URL(host).hostname;
  } catch {
    return undefined;
  }
  host = host.replace(/\/.*$/, '');
  return /^[A-Za-z0-9*-]+(?:\.[A-Za-z0-9*-]+)+$/.test(host) ? `WebFetch(domain:${host})` : undefined;
}
