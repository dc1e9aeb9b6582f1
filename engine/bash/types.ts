/**
 * The contract between the Bash analyser (engine/bash/) and the rest of the engine. The analyser is purely
 * syntactic: it knows shell grammar, wrappers and rule patterns, and nothing of sources, modes or contexts.
 */
import type { RuleBehavior } from '../types';
import type { Phrase } from '../explain/phrases';

/** One simple command of a compound command line, after the listed wrappers and assignments are stripped. */
export interface BashSubcommand {
  /** The exact source text of this simple command, assignments and wrappers included. */
  readonly source: string;
  /** The text rules are matched against: words after stripped assignments and wrappers, joined by one space. */
  readonly text: string;
  /** The words of `text`, unquoted where they are literal. */
  readonly argv: readonly string[];
  /** `VAR=value` prefixes that were stripped, in order. */
  readonly assignments: readonly string[];
  /**
   * The subset of `assignments` that is not known-safe (name off the safe list, or a value that is not a
   * literal), in order. Allow rules match `unsafeAssignments` followed by `text`; deny and ask match `text`.
   */
  readonly unsafeAssignments: readonly string[];
  /** Wrapper commands that were stripped (`timeout 5`, `nice -n 2`, `nohup`, ...), in order. */
  readonly wrappers: readonly string[];
  /** True when a word is not a literal (a parameter expansion, a glob, ...), so its value is unknown. */
  readonly dynamic: boolean;
  /** When it is a stage of a pipeline: the whole pipeline as written, and its place (0 reads no pipe). */
  readonly pipe?: { readonly source: string; readonly stage: number };
  /**
   * What a heredoc or here-string gives it on standard input, as written: a shell or interpreter runs it as
   * a program, so the danger analysis reads it as one.
   */
  readonly input?: string;
}

export interface BashRedirect {
  readonly operator: string; // '>', '>>', '2>', '&>', '<', ...
  readonly target: string; // as written, unquoted when literal
  /** True for writes other than to /dev/null, which are checked as file edits. */
  readonly isWrite: boolean;
}

export type BashAnalysis =
  | {
      readonly ok: true;
      readonly command: string;
      /** Every simple command, including those inside substitutions, in source order. */
      readonly subcommands: readonly BashSubcommand[];
      readonly redirects: readonly BashRedirect[];
      /** `$(...)` anywhere. An allow rule never approves a command containing one. */
      readonly hasCommandSubstitution: boolean;
      /** `<(...)` or `>(...)` anywhere. */
      readonly hasProcessSubstitution: boolean;
      /** Backtick substitution anywhere. */
      readonly hasBackticks: boolean;
      /** `eval` (or `source`/`.` of a dynamic path) anywhere: never approved by an allow rule. */
      readonly hasEval: boolean;
      /** Constructs a prefix rule must never approve: `watch`, `setsid`, `ionice`, `flock`, `find -exec/-delete`. */
      readonly unapprovableByPrefix: boolean;
    }
  | {
      readonly ok: false;
      readonly command: string;
      readonly reason: 'unparseable' | 'too-long';
      readonly message: string;
      /** The code and parameters `message` was built from, when the engine's analyser wrote it. */
      readonly phrase?: Phrase;
    };

export interface BashAnalyzer {
  analyze(command: string): BashAnalysis;
}

/**
 * Whether a Bash rule's content (`git *`, `npm run test:*`, `ls*`) matches one subcommand. `behavior`
 * matters: deny and ask match past any assignment, allow only past known-safe ones (docs/engine.md, Matching,
 * per tool family).
 */
export type BashPatternMatcher = (
  pattern: string,
  subcommand: BashSubcommand,
  behavior: RuleBehavior,
) => boolean;
