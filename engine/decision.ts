/**
 * What a check returns: one of three behaviors, the pipeline step that decided, and why, in a
 * form a person can read and a console can show: the rule with its source, file and index; the mode; the
 * protected path; the tool's message; or that no rule matched. Near misses are rules written for the same
 * tool that did not match, so a person can see what almost applied. `message` is the English sentence;
 * `phrase` the code and parameters it was built from (engine/explain/phrases.ts), absent only for words the
 * engine did not write (a PermissionRequest hook's own message).
 */
import type { DecisionBehavior, PermissionMode, RiskLabel } from './types';
import type { RuleRef } from './rules/compile';
import type { Phrase } from './explain/phrases';

export const pipelineSteps = [
  '1a', // global deny
  '1b', // global ask
  '1c', // the tool's own check
  '1d', // the tool said deny: final
  '1e', // the tool requires user interaction
  '1f', // a content-level ask rule: not even bypass skips it
  '1g', // the safety check: not even bypass skips it
  '2a', // the mode
  '2b', // global allow
  '3', // nothing decided: passthrough becomes ask
  'classifier', // Layer 3 (auto mode, or the coordinator's serial path)
  'dontAsk', // dontAsk turned ask into deny
  'headless', // nobody can answer: ask turned into deny
  'hook', // a PermissionRequest hook answered
] as const;
export type PipelineStep = (typeof pipelineSteps)[number];

export type DecisionReason =
  | {
      readonly type: 'rule';
      readonly rule: RuleRef;
      readonly message: string;
      readonly phrase?: Phrase;
      readonly otherRules?: readonly RuleRef[];
    }
  | {
      readonly type: 'mode';
      readonly mode: PermissionMode;
      readonly message: string;
      readonly phrase?: Phrase;
    }
  | {
      readonly type: 'safetyCheck';
      readonly path: string;
      readonly classifierApprovable: boolean;
      readonly message: string;
      readonly phrase?: Phrase;
    }
  | { readonly type: 'tool'; readonly message: string; readonly phrase?: Phrase }
  /**
   * The call touches a path outside the session's working directories (docs/engine.md, Working directories).
   */
  | {
      readonly type: 'workingDirectories';
      readonly path: string;
      readonly workingDirectories: readonly string[];
      readonly message: string;
      readonly phrase?: Phrase;
    }
  | {
      readonly type: 'classifier';
      readonly verdict: 'allow' | 'deny' | 'unsure';
      readonly confidence: number;
      readonly risk: RiskLabel;
      readonly message: string;
      readonly phrase?: Phrase;
    }
  | { readonly type: 'headless'; readonly message: string; readonly phrase?: Phrase }
  | { readonly type: 'hook'; readonly message: string; readonly phrase?: Phrase }
  | { readonly type: 'default'; readonly message: string; readonly phrase?: Phrase };

export interface Decision {
  readonly behavior: DecisionBehavior;
  readonly step: PipelineStep;
  readonly reason: DecisionReason;
  /** For an ask: whether Layer 3 may answer it (never for explicit ask rules or unapprovable safety checks). */
  readonly classifierApprovable: boolean;
  readonly nearMisses: readonly RuleRef[];
}

/** How many near misses a decision carries; a listing of a thousand non-matching rules helps nobody. */
export const NEAR_MISS_LIMIT = 10;
