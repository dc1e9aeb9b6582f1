/**
 * "Try this rule alone": the rule in a context that holds nothing else, in its own source and anchored at
 * its own folder (a `/path` rule means another folder in user settings), decided by the same decide() that
 * enforces it. The always-allow preview, the rule editor's examples and the never-matched warning ask it.
 */
import { createPermissionContext } from '../context/context';
import { emptySettings } from '../context/settings';
import { decide } from '../pipeline/decide';
import type { BashSupport } from '../tools/bash-tool';
import type { ToolCall } from '../tools/types';
import { isFileSource, type PermissionRule } from '../types';

export interface RuleAloneSetting {
  readonly cwd: string;
  readonly home: string;
  readonly additionalDirectories?: readonly string[];
  /** Without the parser a Bash call is judged on its raw text, as the enforcing check would without it. */
  readonly bash: BashSupport | undefined;
}

/** Whether the rule, alone, decides a call: allows, asks or denies it, by itself. */
export function ruleAlone(rule: PermissionRule, setting: RuleAloneSetting): (call: ToolCall) => boolean {
  const { source, ruleBehavior, ruleValue } = rule;
  const base = {
    cwd: setting.cwd,
    home: setting.home,
    ...(setting.additionalDirectories ? { additionalDirectories: setting.additionalDirectories } : {}),
  };
  const context = isFileSource(source)
    ? createPermissionContext({
        ...base,
        settings: [
          {
            source,
            // A rule added in code has no file; the file only names the rule, which nobody reads here.
            file: rule.origin.file ?? '',
            anchorDir: rule.origin.anchorDir,
            exists: true,
            settings: { ...emptySettings, rules: { ...emptySettings.rules, [ruleBehavior]: [ruleValue] } },
          },
        ],
      })
    : createPermissionContext({ ...base, rules: [{ source, behavior: ruleBehavior, rule: ruleValue }] });
  return (call) => decide(context, call, { bash: setting.bash }).reason.type === 'rule';
}
