export type { BashAnalysis, BashAnalyzer, BashPatternMatcher, BashRedirect, BashSubcommand } from './types';
export type { BashWasmPaths } from './parser';
export { MAX_COMMAND_LENGTH } from './analyzer';
export { isWholeToolPattern, matchBashPattern, matchBashPatternText } from './match';
export { coverWithAllowRules, isApprovableByPrefix, matchCommand, type AllowCoverage } from './compound';
export { isReadOnlyAnalysis, isReadOnlyCommand } from './read-only';
export { splitForSuggestion } from './suggest';
export { safeAssignmentNames } from './assignments';
