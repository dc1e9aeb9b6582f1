/**
 * The permission engine's public surface: the four-layer model of docs/engine.md as a pure library, safe for
 * the renderer. Its other entry point, engine/node/index.ts, holds what needs Node (settings files, real
 * paths, the Bash parser's WebAssembly); the lint refuses deeper imports from outside engine/.
 */
export { fileSources, isFileSource, ruleSources, ruleBehaviors, permissionModes } from './types';
export type {
  FileSource,
  MemorySource,
  RuleSource,
  RuleBehavior,
  PermissionMode,
  SettingsProfile,
  RuleValue,
  RuleOrigin,
  PermissionRule,
  DecisionBehavior,
} from './types';

export { parseRule, formatRule, type RuleParseResult } from './rules/syntax';
export { compileToolName, toolNameMatches, type ToolNamePattern } from './matchers/tool-name';
export { listRules, type ListedRule } from './review/listing';
export { checkRule, type RuleCheck } from './review/validate';
export { startsWithRunner } from './review/warnings/broad-allow';
export { ruleAlone, type RuleAloneSetting } from './review/rule-alone';
export type { RuleRef } from './rules/compile';
export {
  analyzeRules,
  ruleWarningKinds,
  type AnalyzeOptions,
  type RuleWarning,
  type RuleWarningKind,
} from './review/warnings/index';
export { placeOf } from './review/warnings/types';
export {
  englishPhrases,
  phrase,
  phraseCodes,
  phraseText,
  templateParts,
  applyModifiers,
  type Phrase,
  type PhraseArg,
  type PhraseCode,
  type PhraseModifier,
  type Phrased,
  type TemplatePart,
} from './explain/phrases';

export {
  createPermissionContext,
  withRules,
  withoutRule,
  withWorkingDirectory,
  lockedSources,
  type ToolPermissionContext,
  type ContextOptions,
  type SettingsLayer,
  type MemoryRule,
  type ModeState,
  type WorkingDirectory,
  type SettingsFileRef,
} from './context/context';
export { PermissionContextError } from './rules/errors';
export type { RulesBySource } from './rules/rule-index';
export {
  parseSettingsText,
  jsonSyntaxProblem,
  emptySettings,
  permissionSwitches,
  type PermissionSwitch,
  type PermissionSettings,
  type SettingsParseResult,
} from './context/settings';

export { decide, type EngineDeps, type CallFlags } from './pipeline/decide';
export {
  checkPermission,
  DEFAULT_CLASSIFIER_THRESHOLD,
  type CheckOptions,
  type HookAnswer,
  type PermissionRequestHook,
} from './pipeline/check';
export { pipelineSteps, type Decision, type DecisionReason, type PipelineStep } from './decision';
export type { ToolCall } from './tools/types';
export { familyOf, knownToolNames, primaryFieldOf, type ToolFamily } from './matchers/tool-catalog';
export { parseMcpName, type McpToolName } from './matchers/tool-name';
export type { BashSupport } from './tools/bash-tool';
export {
  isReadOnlyCommand,
  matchCommand,
  splitForSuggestion,
  type BashAnalyzer,
  type BashWasmPaths,
} from './bash';

export { createHeuristicClassifier } from './classifier/heuristic';
export { assessRisk } from './classifier/risk';
export { callDangers } from './classifier/call-dangers';
export { callOutsideScope, pathsOutside, type OutsideScope } from './classifier/call-scope';
export {
  bashDangers,
  dangerReasons,
  type BashDanger,
  type DangerPlace,
  type DangerReason,
} from './classifier/bash-dangers';
export { secretPathKind, type SecretKind } from './classifier/secret-paths';
export { dangerousRisks, riskLabels, type RiskLabel } from './types';
export { type Classifier, type ClassifierRequest, type ClassifierVerdict } from './classifier/types';

export { protectedPathOf, type ProtectedPath } from './safety/protected-paths';
