/**
 * The whole check: the deterministic pipeline (decide.ts), then what may still answer an ask before a
 * person sees it:
 *
 * - auto mode: the Layer-3 classifier, for asks it may approve (never explicit ask rules, never safety
 *   checks on the rule files or critical removals);
 * - headless (`shouldAvoidPermissionPrompts`, or a settings file's `permissions.denyInsteadOfPrompting`):
 *   nobody can answer, so ask becomes deny unless a PermissionRequest hook allows;
 * - the coordinator's serial path (`awaitAutomatedChecksBeforeDialog`): the hook (fast, local), then the
 *   classifier (slow, inference), and only then the dialog (docs/engine.md, The pipeline).
 *
 * Anything still "ask" goes to the race of racers (createResolveOnce), which is the registry's job.
 */
import type { ToolPermissionContext } from '../context/context';
import { assessRisk } from '../classifier/risk';
import type { Classifier } from '../classifier/types';
import type { ToolCall } from '../tools/types';
import { decide, type CallFlags, type EngineDeps } from './decide';
import type { Decision } from '../decision';
import { phrase, sentenceArg, type Phrase } from '../explain/phrases';

/** A PermissionRequest hook's answer; undefined when it has no opinion. */
export type HookAnswer =
  { readonly behavior: 'allow' | 'deny'; readonly message?: string; readonly phrase?: Phrase } | undefined;
export type PermissionRequestHook = (call: ToolCall) => Promise<HookAnswer>;

export interface CheckOptions {
  readonly deps?: EngineDeps;
  readonly flags?: CallFlags;
  readonly classifier?: Classifier;
  /** An allow or deny below this confidence counts as unsure. */
  readonly classifierThreshold?: number;
  readonly hook?: PermissionRequestHook;
  readonly signal?: AbortSignal;
}

export const DEFAULT_CLASSIFIER_THRESHOLD = 0.8;

export async function checkPermission(
  context: ToolPermissionContext,
  call: ToolCall,
  options: CheckOptions = {},
): Promise<Decision> {
  let decision = decide(context, call, options.deps, options.flags);
  if (decision.behavior !== 'ask') return decision;

  let classified = false;
  if (context.mode.name === 'auto' && decision.classifierApprovable && options.classifier) {
    decision = await classify(context, call, decision, options);
    classified = true;
    if (decision.behavior !== 'ask') return decision;
  }

  if (context.shouldAvoidPermissionPrompts) {
    const answer = options.hook ? await options.hook(call) : undefined;
    if (answer) return hooked(decision, answer);
    return {
      ...decision,
      behavior: 'deny',
      step: 'headless',
      classifierApprovable: false,
      reason: {
        type: 'headless',
        ...(context.denyInsteadOfPromptingFile
          ? phrase('headless.setting', {
              file: { path: context.denyInsteadOfPromptingFile },
              why: sentenceArg(decision.reason),
            })
          : phrase('headless.nobody', { why: sentenceArg(decision.reason) })),
      },
    };
  }

  if (context.awaitAutomatedChecksBeforeDialog) {
    const answer = options.hook ? await options.hook(call) : undefined;
    if (answer) return hooked(decision, answer);
    if (!classified && decision.classifierApprovable && options.classifier)
      decision = await classify(context, call, decision, options);
  }
  return decision;
}

async function classify(
  context: ToolPermissionContext,
  call: ToolCall,
  decision: Decision,
  options: CheckOptions,
): Promise<Decision> {
  const risk = assessRisk(call, options.deps?.bash);
  const verdict = await options.classifier!.classify(
    {
      call,
      cwd: context.cwd,
      home: context.home,
      workingDirectories: [context.cwd, ...context.additionalWorkingDirectories.map((d) => d.path)],
      risk,
    },
    options.signal,
  );
  const sure = verdict.confidence >= (options.classifierThreshold ?? DEFAULT_CLASSIFIER_THRESHOLD);
  // An unsure classifier leaves the decision as it was: its reason is still why a person is asked.
  if (verdict.verdict === 'unsure' || !sure) return decision;
  const behavior = verdict.verdict;
  return {
    ...decision,
    behavior,
    step: 'classifier',
    classifierApprovable: false,
    reason: {
      type: 'classifier',
      verdict: behavior,
      confidence: verdict.confidence,
      risk,
      ...phrase(behavior === 'allow' ? 'classifier.allowed' : 'classifier.denied', {
        confidence: { text: verdict.confidence.toFixed(2) },
        why: sentenceArg({ message: verdict.reason, ...(verdict.phrase ? { phrase: verdict.phrase } : {}) }),
      }),
    },
  };
}

function hooked(decision: Decision, answer: NonNullable<HookAnswer>): Decision {
  return {
    ...decision,
    behavior: answer.behavior,
    step: 'hook',
    classifierApprovable: false,
    reason: {
      type: 'hook',
      // The hook's own words when it gave some; they come with a phrase only when the engine wrote them.
      ...(answer.message === undefined
        ? phrase(answer.behavior === 'allow' ? 'hook.answeredAllow' : 'hook.answeredDeny')
        : { message: answer.message, ...(answer.phrase ? { phrase: answer.phrase } : {}) }),
    },
  };
}
