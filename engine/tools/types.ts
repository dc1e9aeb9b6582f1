/**
 * The contract between the pipeline and a tool family's self-check, step 1c of docs/engine.md, The pipeline:
 * each family knows its own danger better than the rule engine does, and answers allow, deny, ask or "no
 * opinion".
 */
import type { ToolPermissionContext } from '../context/context';
import type { DecisionReason } from '../decision';
import type { CompiledRule } from '../rules/compile';
import type { RuleIndex } from '../rules/rule-index';
import type { Phrase } from '../explain/phrases';

export interface ToolCall {
  readonly toolName: string;
  readonly input: Readonly<Record<string, unknown>>;
}

export type ToolResult =
  | { readonly behavior: 'allow'; readonly reason: DecisionReason }
  | { readonly behavior: 'deny'; readonly reason: DecisionReason }
  | { readonly behavior: 'ask'; readonly reason: DecisionReason; readonly classifierApprovable: boolean }
  /** No opinion. `acceptEdits` says the call is an edit inside the working folders, which that mode allows. */
  | {
      readonly behavior: 'passthrough';
      readonly acceptEdits: boolean;
      readonly message: string;
      readonly phrase?: Phrase;
    };

export interface CheckEnv {
  readonly context: ToolPermissionContext;
  readonly rules: RuleIndex;
  /** The cwd and every additional working directory, normalized. */
  readonly workingDirectories: readonly string[];
  /** Resolves symlinks where the caller can (Node); a deny applies if the link or its target matches. */
  readonly realpath: ((path: string) => string | undefined) | undefined;
}

export interface ToolCheck {
  readonly result: ToolResult;
  /** Whether a content rule matches this call: the pipeline lists the ones that do not as near misses. */
  matches(rule: CompiledRule): boolean;
}
