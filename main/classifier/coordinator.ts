/**
 * The coordinator's path (docs/engine.md, Layer 3): before a request becomes a card, a notification or a
 * phone message, Gatehouse's classifier gets a bounded time to answer it. The gate (gate.ts) says whether
 * the call is the classifier's to judge; the judge says allow, deny or unsure. Only an allow at or above
 * the person's confidence, for a class they enabled, answers the request; every other outcome — a deny,
 * unsure, a low confidence, no answer within the time, a failing judge — leaves it to a person, with the
 * classifier's opinion on the card.
 */
import { classifierChannel } from '../../common/classifier-contract';
import type {
  ClassifierClass,
  ClassifierOpinion,
  ClassifierSettings,
} from '../../common/classifier-contract';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { Explanation } from '../../common/queue-contract';
import { createHeuristicClassifier } from '../../engine';
import type { BashSupport, Classifier, ToolPermissionContext } from '../../engine';
import type { Screening } from '../registry/race-registry';
import { gate } from './gate';

export type ClassifierOutcome =
  /** The classifier answers: the request is allowed, recorded as the classifier's, under its class. */
  | { readonly allowed: ClassifierClass; readonly confidence: number; readonly tookMs: number }
  /** A person decides, with the classifier's opinion on the card. */
  | { readonly opinion: ClassifierOpinion };

export interface CoordinatorOptions {
  readonly bash: BashSupport;
  readonly home: string;
  /** The settings as they are now: a change applies from the next request. */
  readonly settings: () => ClassifierSettings;
  /** The judge the settings name; the engine's deterministic one unless they name a model. */
  readonly judge: (settings: ClassifierSettings) => Classifier;
  readonly now?: () => number;
}

/** Undefined when the request is not the classifier's to look at (its family is off, say). */
export type Coordinator = (
  request: PermissionRequest,
  agent: AgentInfo,
  explained: { readonly explanation: Explanation; readonly context: ToolPermissionContext },
) => Promise<ClassifierOutcome | undefined>;

const deterministic = createHeuristicClassifier();

/** The judge a setting names, the model's built by `llm` (which holds its key). */
export function judgeFor(settings: ClassifierSettings, llm: (endpoint: string, model: string) => Classifier) {
  return settings.judge.kind === 'llm' ? llm(settings.judge.endpoint, settings.judge.model) : deterministic;
}

export function createCoordinator(options: CoordinatorOptions): Coordinator {
  const now = options.now ?? performance.now.bind(performance);
  return async (request, agent, { explanation, context }) => {
    const settings = options.settings();
    const start = now();
    const roots = [context.cwd, ...context.additionalWorkingDirectories.map((dir) => dir.path)];
    const fenced = gate({
      request,
      agent,
      explanation,
      roots,
      home: options.home,
      settings,
      bash: options.bash,
      context,
    });
    if (fenced.kind === 'skip') return undefined;
    if (fenced.kind === 'hold') {
      const { hold, looks, detail } = fenced;
      return {
        opinion: { hold, ...(looks ? { looks } : {}), ...(detail ? { detail } : {}), tookMs: now() - start },
      };
    }
    const { looks, call, risk, place } = fenced;
    const judged = await withinBudget(settings.budgetMs, (signal) =>
      options
        .judge(settings)
        .classify({ call, cwd: place.cwd, home: place.home, workingDirectories: place.roots, risk }, signal),
    );
    const tookMs = now() - start;
    if (judged.kind !== 'verdict') return { opinion: { hold: judged.kind, looks, tookMs } };
    const { verdict, confidence, reason } = judged.verdict;
    const said = { looks, verdict, confidence, detail: reason.slice(0, 500), tookMs };
    if (verdict === 'allow' && confidence >= settings.confidence)
      return { allowed: looks, confidence, tookMs };
    const hold = verdict === 'allow' ? 'low-confidence' : verdict === 'deny' ? 'denied' : 'unsure';
    return { opinion: { hold, ...said } };
  };
}

type Judged =
  | { readonly kind: 'verdict'; readonly verdict: Awaited<ReturnType<Classifier['classify']>> }
  | { readonly kind: 'timeout' | 'error' };

/** The judge's answer if it comes within `budgetMs`; past it the judge is aborted and its answer unheard. */
async function withinBudget(
  budgetMs: number,
  run: (signal: AbortSignal) => Promise<Awaited<ReturnType<Classifier['classify']>>>,
): Promise<Judged> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Judged>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve({ kind: 'timeout' });
    }, budgetMs);
  });
  const answered = run(abort.signal).then(
    (verdict): Judged => ({ kind: 'verdict', verdict }),
    (): Judged => ({ kind: abort.signal.aborted ? 'timeout' : 'error' }),
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The coordinator as the registry's screening takes it: the classifier's allow, or its opinion on the card. */
export function classifierCheck(coordinate: Coordinator) {
  return async (
    request: PermissionRequest,
    agent: AgentInfo,
    explained: { readonly explanation: Explanation; readonly context: ToolPermissionContext },
  ): Promise<Screening | undefined> => {
    const outcome = await coordinate(request, agent, explained);
    if (!outcome) return undefined;
    const { explanation } = explained;
    if ('opinion' in outcome) return { explanation: { ...explanation, classifier: outcome.opinion } };
    return {
      explanation,
      answer: {
        racer: 'classifier',
        answer: { behavior: 'allow' },
        channel: classifierChannel(outcome.allowed),
      },
    };
  };
}
