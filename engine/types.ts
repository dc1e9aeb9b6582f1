/**
 * The engine's core vocabulary (docs/engine.md). Everything here is readonly: a permission decision is made
 * from an immutable context, so nothing can change between the check and the use (TOCTOU).
 */

/** The eight rule sources, highest precedence first (docs/engine.md, Sources, files and precedence). */
/** The sources read from settings files, by precedence; the rest live in memory. */
export const fileSources = [
  'policySettings',
  'flagSettings',
  'userSettings',
  'projectSettings',
  'localSettings',
] as const;
export type FileSource = (typeof fileSources)[number];
export const ruleSources = [...fileSources, 'cliArg', 'command', 'session'] as const;
export type RuleSource = (typeof ruleSources)[number];
export type MemorySource = Exclude<RuleSource, FileSource>;

export function isFileSource(source: string): source is FileSource {
  return (fileSources as readonly string[]).includes(source);
}

export const ruleBehaviors = ['deny', 'ask', 'allow'] as const;
export type RuleBehavior = (typeof ruleBehaviors)[number];

export const permissionModes = [
  'default',
  'acceptEdits',
  'plan',
  'auto',
  'dontAsk',
  'bypassPermissions',
] as const;
export type PermissionMode = (typeof permissionModes)[number];

/** Which settings layout a session reads: the agent profile's `.agent/` or Claude Code's `.claude/`. */
export type SettingsProfile = 'agent' | 'claude';

/** What a rule matches: a tool name and optional tool-specific content, `Bash(git *)` → {Bash, "git *"}. */
export interface RuleValue {
  readonly toolName: string;
  readonly ruleContent?: string;
}

/** Where a rule was written, so a decision can name it. */
export interface RuleOrigin {
  /** The settings file, absent for rules that live in memory (cliArg, command, session). */
  readonly file?: string;
  /** Index of the rule in that file's `permissions.<behavior>` list. */
  readonly index?: number;
  /**
   * The folder a `/path` pattern is anchored to for this source (docs/engine.md, Sources, files and
   * precedence).
   */
  readonly anchorDir: string;
}

export interface PermissionRule {
  readonly source: RuleSource;
  readonly ruleBehavior: RuleBehavior;
  readonly ruleValue: RuleValue;
  readonly origin: RuleOrigin;
}

export type DecisionBehavior = 'allow' | 'deny' | 'ask';

/**
 * What the console shows next to a request, most serious first. 'reads secrets' is a read of a credential
 * (classifier/secret-paths.ts); 'unknown' is a command the console cannot vouch for, rather than a guess.
 */
export const riskLabels = [
  'privileged',
  'destructive',
  'reads secrets',
  'network',
  'writes files',
  'unknown',
  'read-only',
] as const;
export type RiskLabel = (typeof riskLabels)[number];

/** The risks that take a second look: no one-key approve, no batch answer, no rule suggested for them. */
export const dangerousRisks: ReadonlySet<RiskLabel> = new Set(['privileged', 'destructive', 'reads secrets']);
