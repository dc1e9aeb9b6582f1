/**
 * Turns a stored rule into something fast to match: its tool-name pattern, and its content read the way the
 * tool family reads it. Compile errors (a WebFetch rule that is not `domain:`, a path pattern starting with
 * `!`) are errors of the settings file; rules that load but can never apply get a warning instead, since
 * Claude Code accepts them too and refusing the file would lock the user out of every other rule.
 */
import type { PermissionRule, RuleBehavior, RuleSource } from '../types';
import { compileToolName, parseMcpName, type ToolNamePattern } from '../matchers/tool-name';
import { compilePathPattern, type PathMatcher } from '../matchers/path';
import { compileDomainPattern } from '../matchers/domain';
import { wildcardToRegExp } from '../matchers/glob';
import { familyOf, pathRulesNeverConsulted, primaryFieldOf } from '../matchers/tool-catalog';
import { formatRule } from './syntax';
import { phrase, type Phrase, type PhraseCode, type Phrased } from '../explain/phrases';

/** A rule as a decision names it. */
export interface RuleRef {
  readonly text: string;
  readonly behavior: RuleBehavior;
  readonly source: RuleSource;
  readonly file?: string;
  readonly index?: number;
}

export type ContentMatcher =
  | { readonly kind: 'bash'; readonly pattern: string }
  | { readonly kind: 'path'; readonly matcher: PathMatcher }
  | { readonly kind: 'domain'; readonly test: (host: string) => boolean }
  | { readonly kind: 'field'; readonly field: string; readonly regex: RegExp }
  /** Content the tool never consults; only a `param:value` reading (deny/ask) can still match. */
  | { readonly kind: 'inert' };

/** `Tool(param:value)`: a top-level scalar other than the primary field (deny and ask only). */
export interface ParamMatcher {
  readonly key: string;
  readonly regex: RegExp;
}

export interface CompiledRule {
  readonly rule: PermissionRule;
  readonly ref: RuleRef;
  /** Position in the effective order: deny, ask, allow; sources by precedence; then file order. */
  readonly order: number;
  readonly name: ToolNamePattern;
  /** Absent for a tool-wide rule (`Bash`, `mcp__github`, `mcp__*`). */
  readonly content: ContentMatcher | undefined;
  readonly param: ParamMatcher | undefined;
  /** Why this rule never applies, when it is loaded but skipped (an allow glob without an MCP prefix). */
  readonly skipped: string | undefined;
  readonly warning: string | undefined;
  /** The code and parameters of `warning`, for the console's language. */
  readonly warningPhrase: Phrase | undefined;
}

export interface CompileAnchors {
  readonly cwd: string;
  readonly home: string;
}

/** `errorPhrase` is the code and parameters `error` was built from, for the console's language. */
export type CompileResult =
  | { readonly ok: true; readonly rule: CompiledRule }
  | { readonly ok: false; readonly error: string; readonly errorPhrase: Phrase };

/** `name:value`; a value starting with `/` is a URL or a drive path (`https://…`, `C:/…`), not a parameter. */
const PARAM = /^([A-Za-z_][A-Za-z0-9_]*):(?!\/)([\s\S]+)$/;

export function ruleRefOf(rule: PermissionRule): RuleRef {
  return {
    text: formatRule(rule.ruleValue),
    behavior: rule.ruleBehavior,
    source: rule.source,
    ...(rule.origin.file === undefined ? {} : { file: rule.origin.file }),
    ...(rule.origin.index === undefined ? {} : { index: rule.origin.index }),
  };
}

export function compileRule(rule: PermissionRule, order: number, anchors: CompileAnchors): CompileResult {
  const { toolName, ruleContent } = rule.ruleValue;
  const behavior = rule.ruleBehavior;
  const name = compileToolName(toolName);
  const base = { rule, ref: ruleRefOf(rule), order, name };

  const skippedSaid =
    behavior === 'allow' && name.kind === 'glob' && !name.literalMcpPrefix
      ? phrase('ruleLoad.allowGlobSkipped', { rule: { literal: base.ref.text } })
      : undefined;
  const skipped = skippedSaid?.message;
  if (ruleContent === undefined) {
    const loaded = { ...base, content: undefined, param: undefined, skipped };
    return { ok: true, rule: { ...loaded, warning: skipped, warningPhrase: skippedSaid?.phrase } };
  }

  const param = paramOf(toolName, ruleContent, behavior);
  const content = contentOf(
    toolName,
    ruleContent,
    behavior,
    rule.origin.anchorDir,
    anchors,
    param !== undefined,
  );
  if (!content.ok) return { ok: false, error: content.error, errorPhrase: content.errorPhrase };
  const said =
    skippedSaid ??
    content.warning ??
    (behavior === 'allow' && readsAsParam(toolName, ruleContent)
      ? phrase('ruleLoad.paramAllow', { rule: { literal: base.ref.text } })
      : undefined);
  const loaded = { ...base, content: content.matcher, param, skipped };
  return { ok: true, rule: { ...loaded, warning: said?.message, warningPhrase: said?.phrase } };
}

/**
 * Whether an allow rule's content would be a `param:value` rule in deny or ask. Bash is left out: there
 * `git:*` is the legacy prefix form, and a reading as a command is always possible.
 */
function readsAsParam(toolName: string, content: string): boolean {
  return toolName !== 'Bash' && paramOf(toolName, content, 'deny') !== undefined;
}

function paramOf(toolName: string, content: string, behavior: RuleBehavior): ParamMatcher | undefined {
  if (behavior === 'allow') return undefined;
  const match = PARAM.exec(content);
  if (!match) return undefined;
  const key = match[1]!;
  if (key === primaryFieldOf(toolName)) return undefined;
  if (toolName === 'WebFetch' && key === 'domain') return undefined;
  return { key, regex: wildcardToRegExp(match[2]!) };
}

type ContentResult =
  | { readonly ok: true; readonly matcher: ContentMatcher; readonly warning?: Phrased }
  | { readonly ok: false; readonly error: string; readonly errorPhrase: Phrase };

function invalid(code: PhraseCode, params: Phrase['params']): ContentResult {
  const said = phrase(code, params);
  return { ok: false, error: said.message, errorPhrase: said.phrase };
}

function contentOf(
  toolName: string,
  content: string,
  behavior: RuleBehavior,
  anchorDir: string,
  anchors: CompileAnchors,
  hasParam: boolean,
): ContentResult {
  const text = formatRule({ toolName, ruleContent: content });
  if (toolName === 'Bash') return { ok: true, matcher: { kind: 'bash', pattern: content } };
  if (toolName === 'Read' || toolName === 'Edit') {
    const compiled = compilePathPattern(content, behavior, { ...anchors, anchorDir });
    return compiled.ok
      ? { ok: true, matcher: { kind: 'path', matcher: compiled.matcher } }
      : invalid('ruleContent.badPath', { rule: { literal: text }, why: { phrase: compiled.errorPhrase } });
  }
  if (pathRulesNeverConsulted.has(toolName)) {
    const family = familyOf(toolName) === 'read' ? 'Read' : 'Edit';
    return {
      ok: true,
      matcher: { kind: 'inert' },
      ...(hasParam
        ? {}
        : {
            warning: phrase('ruleLoad.pathRuleInert', {
              rule: { literal: text },
              tool: { text: toolName },
              family: { text: family },
            }),
          }),
    };
  }
  if (toolName === 'WebFetch') {
    if (content.startsWith('domain:') && content.length > 'domain:'.length) {
      return {
        ok: true,
        matcher: { kind: 'domain', test: compileDomainPattern(content.slice('domain:'.length)) },
      };
    }
    if (hasParam) return { ok: true, matcher: { kind: 'inert' } };
    return invalid('ruleContent.webFetch', { rule: { literal: text } });
  }
  const field = primaryFieldOf(toolName);
  if (field !== undefined)
    return { ok: true, matcher: { kind: 'field', field, regex: fieldPattern(content) } };
  if (hasParam) return { ok: true, matcher: { kind: 'inert' } };
  if (parseMcpName(toolName) || toolName.includes('*')) {
    return invalid('ruleContent.mcp', { rule: { literal: text } });
  }
  return {
    ok: true,
    matcher: { kind: 'inert' },
    warning: phrase('ruleLoad.fieldUnknown', { rule: { literal: text }, tool: { text: toolName } }),
  };
}

/** Generic content such as `Agent(Explore)` or `Skill(deploy *)`: `*` wildcards, a trailing ` *` optional. */
function fieldPattern(content: string): RegExp {
  if (content.endsWith(' *')) {
    const head = wildcardToRegExp(content.slice(0, -2)).source.slice(1, -1);
    return new RegExp(`^${head}(?: [\\s\\S]*)?$`);
  }
  return wildcardToRegExp(content);
}
