/**
 * Layer 3 (seed §9.2, chapter 10): a classifier that judges the grey zone in auto mode and on the
 * coordinator's serial path. It is asynchronous because a real one calls a model; the engine ships only a
 * deterministic heuristic one (heuristic.ts) for tests and demos.
 */
import type { ToolCall } from '../tools/types';
import type { Phrase } from '../explain/phrases';

/**
 * What the console shows next to a request, most serious first. 'reads secrets' is a read of a credential
 * (secret-paths.ts); 'unknown' is a command the console cannot vouch for, rather than a guess.
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

export interface ClassifierRequest {
  readonly call: ToolCall;
  readonly cwd: string;
  readonly home: string;
  readonly workingDirectories: readonly string[];
  readonly risk: RiskLabel;
}

export interface ClassifierVerdict {
  readonly verdict: 'allow' | 'deny' | 'unsure';
  /** 0..1; the engine treats an allow or deny below its threshold as unsure. */
  readonly confidence: number;
  readonly reason: string;
  /** The code and parameters of `reason` when the engine wrote it; a model's own words have none. */
  readonly phrase?: Phrase;
}

export interface Classifier {
  classify(request: ClassifierRequest, signal?: AbortSignal): Promise<ClassifierVerdict>;
}
