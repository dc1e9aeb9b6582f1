/**
 * Layer 3 (docs/engine.md, Layer 3): a classifier that judges the grey zone in auto mode and on the
 * coordinator's serial path. It is asynchronous because a real one calls a model; the engine ships only a
 * deterministic heuristic one (heuristic.ts) for tests and demos.
 */
import type { ToolCall } from '../tools/types';
import type { Phrase } from '../explain/phrases';
import type { RiskLabel } from '../types';

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
