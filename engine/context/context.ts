/**
 * The immutable ToolPermissionContext (docs/engine.md, Sources, files and precedence): everything a decision
 * depends on, built once from the loaded settings, the mode and the working folders, readonly in its type and
 * frozen at runtime. Changing a rule means building a new context (withRules / withoutRule), never editing
 * one.
 */
import {
  ruleSources,
  type FileSource,
  type MemorySource,
  type PermissionMode,
  type PermissionRule,
  type RuleBehavior,
  type RuleSource,
  type RuleValue,
} from '../types';
import { normalizeAbsolute, resolvePath, toPosixPath } from '../paths/posix';
import { formatRule, parseRule } from '../rules/syntax';
import { deepFreeze } from './freeze';
import { behaviorPhrase, phrase, placePhrase } from '../explain/phrases';
import { invalidRule, PermissionContextError } from '../rules/errors';
import { ruleIndexOf, tableKey, type RulesBySource } from '../rules/rule-index';
import type { PermissionSettings } from './settings';

/** Sources whose rules nobody but their owner may change (docs/engine.md, Sources, files and precedence). */
export const lockedSources: ReadonlySet<RuleSource> = new Set<RuleSource>(['policySettings', 'flagSettings']);

/** One settings file as loaded (engine/node/settings-loader.ts), or as a test builds it. */
export interface SettingsLayer {
  readonly source: FileSource;
  readonly file: string;
  /** Where `/path` rules of this file start (docs/engine.md, Sources, files and precedence). */
  readonly anchorDir: string;
  /** False when the file does not exist: it still names where rules would go. */
  readonly exists: boolean;
  readonly settings: PermissionSettings;
}

export interface MemoryRule {
  readonly source: MemorySource;
  readonly behavior: RuleBehavior;
  readonly rule: string | RuleValue;
}

type NotPlan = Exclude<PermissionMode, 'plan'>;
/** Plan mode remembers the mode it was entered from, because plan entered from bypass stays bypass (§9.5). */
export type ModeState = { readonly name: NotPlan } | { readonly name: 'plan'; readonly enteredFrom: NotPlan };

export interface WorkingDirectory {
  readonly path: string;
  /** The settings file that added it, or absent for the cwd and directories given in code. */
  readonly file?: string;
}

export interface SettingsFileRef {
  readonly source: FileSource;
  readonly file: string;
  readonly anchorDir: string;
  readonly exists: boolean;
}

export interface ToolPermissionContext {
  readonly mode: ModeState;
  readonly cwd: string;
  readonly home: string;
  readonly additionalWorkingDirectories: readonly WorkingDirectory[];
  /**
   * Three separate tables, so a check never filters by behavior (docs/engine.md, Sources, files and
   * precedence).
   */
  readonly alwaysAllowRules: RulesBySource;
  readonly alwaysDenyRules: RulesBySource;
  readonly alwaysAskRules: RulesBySource;
  /** Headless: nobody can answer a prompt, so ask becomes deny unless a PermissionRequest hook allows. */
  readonly shouldAvoidPermissionPrompts: boolean;
  /** The settings file whose `permissions.denyInsteadOfPrompting` makes it so, when one does. */
  readonly denyInsteadOfPromptingFile?: string;
  /** Coordinator: run the hook, then the classifier, before any dialog, instead of racing them. */
  readonly awaitAutomatedChecksBeforeDialog: boolean;
  /** Managed policy set `allowManagedPermissionRulesOnly`: user, project, local and cliArg rules are ignored. */
  readonly managedRulesOnly: boolean;
  readonly settingsFiles: readonly SettingsFileRef[];
}

export interface ContextOptions {
  readonly cwd: string;
  readonly home: string;
  readonly settings?: readonly SettingsLayer[];
  readonly rules?: readonly MemoryRule[];
  /** The mode asked for on the command line; otherwise the settings' defaultMode, otherwise `default`. */
  readonly mode?: PermissionMode;
  /** For `mode: 'plan'`: the mode plan was entered from. */
  readonly planEnteredFrom?: NotPlan;
  readonly additionalDirectories?: readonly string[];
  readonly shouldAvoidPermissionPrompts?: boolean;
  readonly awaitAutomatedChecksBeforeDialog?: boolean;
}

const ignoredWhenManagedOnly: ReadonlySet<RuleSource> = new Set<RuleSource>([
  'userSettings',
  'projectSettings',
  'localSettings',
  'cliArg',
]);

export function createPermissionContext(options: ContextOptions): ToolPermissionContext {
  const cwd = normalizeAbsolute(toPosixPath(options.cwd));
  const home = normalizeAbsolute(toPosixPath(options.home));
  const layers = [...(options.settings ?? [])].sort(
    (a, b) => ruleSources.indexOf(a.source) - ruleSources.indexOf(b.source),
  );
  const managedRulesOnly = layers.some(
    (l) => l.source === 'policySettings' && l.settings.allowManagedPermissionRulesOnly,
  );

  const tables: Record<RuleBehavior, Record<RuleSource, PermissionRule[]>> = {
    allow: emptyTable(),
    deny: emptyTable(),
    ask: emptyTable(),
  };
  for (const layer of layers) {
    if (managedRulesOnly && ignoredWhenManagedOnly.has(layer.source)) continue;
    for (const behavior of ['deny', 'ask', 'allow'] as const) {
      layer.settings.rules[behavior].forEach((ruleValue, index) => {
        tables[behavior][layer.source].push({
          source: layer.source,
          ruleBehavior: behavior,
          ruleValue,
          origin: { file: layer.file, index, anchorDir: normalizeAbsolute(toPosixPath(layer.anchorDir)) },
        });
      });
    }
  }
  for (const memory of options.rules ?? []) {
    if (managedRulesOnly && ignoredWhenManagedOnly.has(memory.source)) continue;
    tables[memory.behavior][memory.source].push(memoryRule(memory, cwd));
  }

  // Claude Code 2.1.328 reads it from user, flag and policy settings only: a repository's own files
  // (project, local) cannot take a person's prompts away.
  const denying = layers.find(
    (l) =>
      l.settings.denyInsteadOfPrompting && l.source !== 'projectSettings' && l.source !== 'localSettings',
  );

  const additionalWorkingDirectories: WorkingDirectory[] = [
    ...layers.flatMap((l) =>
      l.settings.additionalDirectories.map((dir) => ({ path: resolvePath(cwd, dir, home), file: l.file })),
    ),
    ...(options.additionalDirectories ?? []).map((dir) => ({ path: resolvePath(cwd, dir, home) })),
  ];

  return sealed({
    mode: resolveMode(options, layers),
    cwd,
    home,
    additionalWorkingDirectories,
    alwaysAllowRules: tables.allow,
    alwaysDenyRules: tables.deny,
    alwaysAskRules: tables.ask,
    shouldAvoidPermissionPrompts: (options.shouldAvoidPermissionPrompts ?? false) || denying !== undefined,
    ...(denying ? { denyInsteadOfPromptingFile: denying.file } : {}),
    awaitAutomatedChecksBeforeDialog: options.awaitAutomatedChecksBeforeDialog ?? false,
    managedRulesOnly,
    settingsFiles: layers.map(({ source, file, anchorDir, exists }) => ({ source, file, anchorDir, exists })),
  });
}

/** A new context with `rules` added at the end of `source`'s `behavior` list. */
export function withRules(
  context: ToolPermissionContext,
  source: RuleSource,
  behavior: RuleBehavior,
  rules: readonly (string | RuleValue)[],
): ToolPermissionContext {
  refuseLocked(source, 'add');
  if (context.managedRulesOnly && ignoredWhenManagedOnly.has(source)) {
    throw new PermissionContextError(phrase('context.managedOnly', { source: sourceArg(source) }));
  }
  const key = tableKey[behavior];
  const file = context.settingsFiles.find((f) => f.source === source);
  const existing = context[key][source];
  const added = rules.map((rule, i): PermissionRule => {
    const ruleValue = toRuleValue(rule, source, behavior);
    return {
      source,
      ruleBehavior: behavior,
      ruleValue,
      origin: file
        ? { file: file.file, index: existing.length + i, anchorDir: file.anchorDir }
        : { anchorDir: context.cwd },
    };
  });
  return sealed({ ...context, [key]: { ...context[key], [source]: [...existing, ...added] } });
}

/** A new context without `rule`; policy and flag rules cannot be removed, and saying so is an error. */
export function withoutRule(context: ToolPermissionContext, rule: PermissionRule): ToolPermissionContext {
  refuseLocked(rule.source, 'remove');
  const key = tableKey[rule.ruleBehavior];
  const list = context[key][rule.source];
  const text = formatRule(rule.ruleValue);
  const at = list.findIndex((r) => r === rule || formatRule(r.ruleValue) === text);
  if (at === -1)
    throw new PermissionContextError(
      phrase('context.noSuchRule', {
        behavior: { phrase: behaviorPhrase(rule.ruleBehavior) },
        rule: { literal: text },
        source: sourceArg(rule.source),
      }),
    );
  return sealed({ ...context, [key]: { ...context[key], [rule.source]: list.filter((_, i) => i !== at) } });
}

/** A new context with one more working directory, as Claude Code's `/add-dir` gives a session. */
export function withWorkingDirectory(context: ToolPermissionContext, dir: string): ToolPermissionContext {
  const path = resolvePath(context.cwd, dir, context.home);
  return sealed({
    ...context,
    additionalWorkingDirectories: [...context.additionalWorkingDirectories, { path }],
  });
}

/** Freezes a context and compiles its rules at once, so an invalid rule fails here, naming its file. */
function sealed(context: ToolPermissionContext): ToolPermissionContext {
  deepFreeze(context);
  ruleIndexOf(context);
  return context;
}

function refuseLocked(source: RuleSource, change: 'add' | 'remove'): void {
  if (lockedSources.has(source)) {
    const code = change === 'add' ? 'context.lockedAdd' : 'context.lockedRemove';
    throw new PermissionContextError(phrase(code, { source: sourceArg(source) }));
  }
}

const sourceArg = (source: RuleSource) => ({ phrase: placePhrase({ source }) });

function emptyTable(): Record<RuleSource, PermissionRule[]> {
  return Object.fromEntries(ruleSources.map((s) => [s, []])) as unknown as Record<
    RuleSource,
    PermissionRule[]
  >;
}

function toRuleValue(rule: string | RuleValue, source: RuleSource, behavior: RuleBehavior): RuleValue {
  if (typeof rule !== 'string') return rule;
  const parsed = parseRule(rule);
  if (!parsed.ok) throw new PermissionContextError(invalidRule(source, behavior, parsed.errorPhrase));
  return parsed.value;
}

function memoryRule(memory: MemoryRule, cwd: string): PermissionRule {
  // CLI and session rules anchor `/path` patterns at the cwd (docs/engine.md, Sources, files and precedence).
  return {
    source: memory.source,
    ruleBehavior: memory.behavior,
    ruleValue: toRuleValue(memory.rule, memory.source, memory.behavior),
    origin: { anchorDir: cwd },
  };
}

function resolveMode(options: ContextOptions, layers: readonly SettingsLayer[]): ModeState {
  // `defaultMode: "auto"` is ignored in project and local files (docs/engine.md, Sources, files and
  // precedence): a repository must not be able to hand the decision to the classifier.
  const fromSettings = layers.find(
    (l) =>
      l.settings.defaultMode !== undefined &&
      !(
        l.settings.defaultMode === 'auto' &&
        (l.source === 'projectSettings' || l.source === 'localSettings')
      ),
  )?.settings.defaultMode;
  const name = options.mode ?? fromSettings ?? 'default';
  if (options.planEnteredFrom !== undefined && name !== 'plan') {
    throw new PermissionContextError(
      phrase('context.planEnteredFrom', {
        from: { literal: options.planEnteredFrom },
        mode: { literal: name },
      }),
    );
  }
  const disabling = layers.find((l) => l.settings.disableBypassPermissionsMode);
  const effective = name === 'plan' ? (options.planEnteredFrom ?? 'default') : name;
  if (effective === 'bypassPermissions' && disabling) {
    throw new PermissionContextError(phrase('context.bypassDisabled', { file: { path: disabling.file } }));
  }
  return name === 'plan' ? { name, enteredFrom: options.planEnteredFrom ?? 'default' } : { name };
}
