/**
 * Rules that decided none of the calls history remembers. Each rule is tried alone, in a context that holds
 * only it, with its own source and anchor (a `/path` rule means a different folder in user settings), by
 * the same decide() that enforces it, as the always-allow preview does (main/rules/rule-preview.ts).
 */
import type { BashSupport } from '../../tools/bash-tool';
import type { ToolCall } from '../../tools/types';
import { createPermissionContext, type FileSource, type ToolPermissionContext } from '../../context/context';
import { emptySettings } from '../../context/settings';
import { decide } from '../../pipeline/decide';
import type { CompiledRule } from '../compile';
import type { RuleSource } from '../../types';
import { placeOf, type RuleWarning } from './types';

const FILE_SOURCES: readonly RuleSource[] = [
  'policySettings',
  'flagSettings',
  'userSettings',
  'projectSettings',
  'localSettings',
] satisfies readonly FileSource[];

/** Content rules that Bash calls consult: Bash's own, and Read/Edit rules through a command's files. */
const PARSER_NEEDED: ReadonlySet<string> = new Set(['Bash', 'Read', 'Edit']);

function isFileSource(source: RuleSource): source is FileSource {
  return FILE_SOURCES.includes(source);
}

export function neverMatchedWarnings(
  context: ToolPermissionContext,
  rules: readonly CompiledRule[],
  history: readonly ToolCall[],
  bash: BashSupport | undefined,
): RuleWarning[] {
  if (history.length === 0) return [];
  const warnings: RuleWarning[] = [];
  for (const rule of rules) {
    // A rule that already carries a load warning is known never to apply; without the parser, a rule that
    // Bash calls consult cannot be judged against them.
    if (rule.warning !== undefined) continue;
    if (!bash && rule.content !== undefined && PARSER_NEEDED.has(rule.rule.ruleValue.toolName)) continue;
    const alone = contextWithOnly(context, rule);
    if (history.some((call) => decide(alone, call, { bash }).reason.type === 'rule')) continue;
    warnings.push({
      kind: 'never-matched',
      rule: rule.ref,
      message: `The ${rule.ref.behavior} rule ${rule.ref.text} from ${placeOf(rule.ref)} matched none of the ${history.length} past ${history.length === 1 ? 'call' : 'calls'} in history.`,
    });
  }
  return warnings;
}

function contextWithOnly(context: ToolPermissionContext, compiled: CompiledRule): ToolPermissionContext {
  const { rule } = compiled;
  const base = {
    cwd: context.cwd,
    home: context.home,
    additionalDirectories: context.additionalWorkingDirectories.map((d) => d.path),
  };
  const { source } = rule;
  if (isFileSource(source)) {
    return createPermissionContext({
      ...base,
      settings: [
        {
          source,
          // A rule added in code has no file; the file only names the rule, which nobody reads here.
          file: rule.origin.file ?? '',
          anchorDir: rule.origin.anchorDir,
          exists: true,
          settings: {
            ...emptySettings,
            rules: { ...emptySettings.rules, [rule.ruleBehavior]: [rule.ruleValue] },
          },
        },
      ],
    });
  }
  return createPermissionContext({
    ...base,
    rules: [{ source, behavior: rule.ruleBehavior, rule: rule.ruleValue }],
  });
}
