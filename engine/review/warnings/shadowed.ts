/**
 * Rules that can never apply because a rule of an earlier behavior always wins first: deny before ask
 * before allow, whatever the sources (docs/engine.md, "Deny wins"). Only provable cases are claimed; each
 * one mirrors where the pipeline consults both rules (engine/pipeline/decide.ts, engine/tools/).
 */
import { ruleBehaviors, type RuleBehavior } from '../../types';
import { toolNameMatches } from '../../matchers/tool-name';
import type { CompiledRule } from '../../rules/compile';
import { bashPatternContains, globsContain, nameGlob, STAR, type Glob } from './wildcard';
import { pathPatternContains } from './path-containment';
import type { RuleWarning } from './types';
import { phrase, placePhrase, rulePhrase } from '../../explain/phrases';

const rank = (behavior: RuleBehavior): number => ruleBehaviors.indexOf(behavior);

export function shadowedWarnings(rules: readonly CompiledRule[]): RuleWarning[] {
  const live = rules.filter((r) => r.skipped === undefined);
  const warnings: RuleWarning[] = [];
  for (const rule of live) {
    const winner = live.find(
      (other) => rank(other.ref.behavior) < rank(rule.ref.behavior) && covers(other, rule),
    );
    if (!winner) continue;
    warnings.push({
      kind: 'shadowed',
      rule: rule.ref,
      by: winner.ref,
      ...phrase(winner.ref.behavior === 'deny' ? 'warning.shadowedDenied' : 'warning.shadowedAsked', {
        rule: { phrase: rulePhrase(rule.ref) },
        winner: { literal: winner.ref.text },
        winnerPlace: { phrase: placePhrase(winner.ref) },
      }),
    });
  }
  return warnings;
}

/** Whether `winner` (of an earlier behavior) decides every call that `rule` could decide. */
function covers(winner: CompiledRule, rule: CompiledRule): boolean {
  if (winner.content === undefined) return toolWideCovers(winner, rule);
  return contentCovers(winner, rule);
}

/**
 * A tool-wide deny stops a tool at step 1a and a tool-wide ask at 1b, before any content rule or tool-wide
 * allow is consulted. A tool-wide ask of Bash is skipped for sandboxed commands, so it shadows nothing.
 */
function toolWideCovers(winner: CompiledRule, rule: CompiledRule): boolean {
  const exempt = (tool: string) => winner.ref.behavior === 'ask' && tool === 'Bash';
  if (rule.content === undefined) {
    if (rule.name.kind === 'exact')
      return !exempt(rule.name.name) && toolNameMatches(winner.name, rule.name.name);
    // Servers and globs never name Bash (allow globs need an MCP prefix; an ask is only shadowed by a deny).
    const inner = nameLanguage(rule);
    const outer = winnerLanguage(winner, rule);
    return outer !== undefined && globsContain(inner, outer);
  }
  // Content rules are consulted only by calls of their own tool, except Read(...) and Edit(...) rules, which
  // Glob, Grep, the other edit tools and Bash's file operands consult too, past no tool-wide rule of theirs.
  if (rule.name.kind !== 'exact') return false;
  const tool = rule.name.name;
  if (tool === 'Read' || tool === 'Edit' || exempt(tool)) return false;
  return toolNameMatches(winner.name, tool);
}

/** Every tool name a tool-wide rule may cover, as globs (a server is its bare name and `mcp__server__*`). */
function nameLanguage(rule: CompiledRule): readonly Glob[] {
  if (rule.name.kind === 'mcpServer')
    return [nameGlob(`mcp__${rule.name.server}`), [...nameGlob(`mcp__${rule.name.server}__`), STAR]];
  return [nameGlob(rule.rule.ruleValue.toolName)];
}

/**
 * Tool names the winner surely covers, as globs, or undefined. A glob covers exactly its wildcard
 * language. A server rule covers the same server's rule; as a language its `__` splitting is subtler
 * (`mcp__a_` does not cover `mcp__a___x`, whose server is `a`), so it is not offered for globs.
 */
function winnerLanguage(winner: CompiledRule, rule: CompiledRule): readonly Glob[] | undefined {
  if (winner.name.kind === 'glob') return [nameGlob(winner.rule.ruleValue.toolName)];
  if (
    winner.name.kind === 'mcpServer' &&
    rule.name.kind === 'mcpServer' &&
    winner.name.server === rule.name.server
  )
    return nameLanguage(rule);
  return undefined;
}

/**
 * Content against content, for the same tool's rules: Bash patterns (deny and ask meet every subcommand in
 * every view an allow sees) and path rules (a Read deny is consulted for edits too).
 */
function contentCovers(winner: CompiledRule, rule: CompiledRule): boolean {
  if (!paramSafe(winner) || rule.param !== undefined) return false;
  if (winner.name.kind !== 'exact' || rule.name.kind !== 'exact') return false;
  const [a, b] = [winner.content, rule.content];
  if (a?.kind === 'bash' && b?.kind === 'bash')
    return (
      winner.name.name === 'Bash' && rule.name.name === 'Bash' && bashPatternContains(b.pattern, a.pattern)
    );
  if (a?.kind !== 'path' || b?.kind !== 'path') return false;
  const sameTool = winner.name.name === rule.name.name;
  const readDenyOfEdit =
    winner.ref.behavior === 'deny' && winner.name.name === 'Read' && rule.name.name === 'Edit';
  return (sameTool || readDenyOfEdit) && pathPatternContains(b.matcher, a.matcher);
}

/**
 * A `param:value` winner is read as a parameter when the call has that parameter, and as content
 * otherwise; only a value of stars (`git:*`) then matches at least what the content reading does.
 */
function paramSafe(winner: CompiledRule): boolean {
  if (winner.param === undefined) return true;
  const content = winner.rule.ruleValue.ruleContent ?? '';
  return /^\*+$/.test(content.slice(content.indexOf(':') + 1));
}
