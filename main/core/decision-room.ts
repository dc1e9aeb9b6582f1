/**
 * The parts that decide: bash support, the session grants, the explainer and screening of each request,
 * and the race registry every racer answers through.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { loadInstalledBashSupport } from '../../engine/node';
import type { BashSupport } from '../../engine';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { RulePlacement, RuleStanding } from '../../common/queue-contract';
import type { DecisionStore } from '../history/decision-store';
import { RaceRegistry } from '../registry/race-registry';
import { sessionOutcome, watchAgentOutcomes } from '../registry/agent-outcome';
import type { AgentOutcomes } from '../registry/agent-outcome';
import { GrantBook } from '../rules/grant-book';
import { RetryGrants } from '../rules/retry-grants';
import { isClassifierRefusal } from '../../common/classifier-refusal';
import { guarded } from '../../common/guarded';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';
import type { RetryUse } from '../history/decision-store';
import { memoizeBash } from '../rules/text-memo';
import { createCodexWhy } from '../rules/codex/codex-why';
import { createCopilotWhy } from '../rules/copilot-why';
import type { CodexProgram } from '../rules/codex/exec-policy-check';
import { createRequestExplainer } from '../rules/request-explainer';
import { ruleStanding } from '../rules/rule-standing';
import { SessionDirectories, sessionDirectoriesOf } from '../rules/session-directories';
import { createScreening } from '../rules/screen-request';
import type { ClassifierSettings } from '../../common/classifier-contract';
import { startClassifier } from '../classifier/classifier-room';
import type { ClassifierRoom } from '../classifier/classifier-room';
import type { KeychainLike } from '../secrets/keychain';

/** Codex's exec-policy rules are checked by Codex itself, found on the console's PATH unless told otherwise. */
const CODEX_ON_PATH: CodexProgram = { command: 'codex', args: [] };

/** After a person leaves a request they had open, the timeout waits at least this long. */
const RESUME_GRACE_MS = 5_000;
/** How long a card its session moved past waits for its transcript to say what became of the call. */
const SESSION_OUTCOME_MS = 10_000;

export interface DecisionRoom {
  readonly bash: BashSupport;
  readonly grants: GrantBook;
  /** One-shot grants from overturned refusals, which Claude Code's PreToolUse hook also asks about. */
  readonly retries: RetryGrants;
  /**
   * The retry grant of refusal `refusalId` let Claude Code's call `callId` through its PreToolUse hook:
   * history says so on the refusal. Called once the hook has its answer.
   */
  retriedThroughHook(refusalId: string, callId: string | undefined): void;
  /** A refusal's retry grant was recorded, used or ended in history, by the refusal's id. */
  readonly retryRecorded: Pick<Signal<string>, 'subscribe'>;
  readonly registry: RaceRegistry;
  /** Gatehouse's classifier on the coordinator's path: its settings, its model's key. */
  readonly classifier: ClassifierRoom;
  /** Answers Claude Code did not take, amended in history as its transcript shows them. */
  readonly outcomes: Pick<AgentOutcomes, 'amended'>;
  /** Whether a rule, placed where it would live, decides a waiting request (asked before it is made). */
  standing(
    request: PermissionRequest,
    agent: AgentInfo,
    rule: string,
    placement: RulePlacement,
  ): Promise<RuleStanding>;
  /** The user's home folder, where their agent settings live. */
  readonly userHome: string;
  close(): void;
}

export async function startDecisionRoom(options: {
  readonly store: DecisionStore;
  readonly timeoutMs: number;
  readonly timeoutAction: 'passthrough' | 'deny';
  readonly userHome?: string | undefined;
  readonly policyFile?: string | undefined;
  readonly codex?: CodexProgram | undefined;
  /** Gatehouse's home, where the classifier's settings and its model's key rest. */
  readonly home: string;
  readonly classifier: ClassifierSettings;
  readonly keychain?: KeychainLike | undefined;
}): Promise<DecisionRoom> {
  const bash = memoizeBash(await loadInstalledBashSupport());
  const userHome = options.userHome ?? homedir();
  const grants = new GrantBook(bash);
  const retries = new RetryGrants();
  const retryRecorded = createSignal<string>();
  // History's word on a grant is written after the answer it concerns has gone out, never ahead of it.
  const recordRetry = (refusalId: string, write: () => void) =>
    guarded(`recording the retry grant of ${refusalId}`, () => {
      write();
      retryRecorded.emit(refusalId);
    });
  const retryUsed = (refusalId: string, use: RetryUse) =>
    recordRetry(refusalId, () => options.store.recordRetryUsed?.(refusalId, use));
  /** Requests the screening answered with a retry grant, until their answer is sent: by request, the refusal. */
  const retriedAsQuestion = new Map<string, string>();
  const added = new SessionDirectories();
  const scopeOf = (request: PermissionRequest, agent: AgentInfo) => ({
    sessionId: request.sessionId,
    cwd: request.cwd,
    agent: agent.name,
  });
  const explain = createRequestExplainer({
    bash,
    sessionDirectories: (request, agent) => added.of(scopeOf(request, agent)),
    home: userHome,
    ...(options.policyFile ? { policyFile: options.policyFile } : {}),
    codex: createCodexWhy({
      bash,
      program: options.codex ?? CODEX_ON_PATH,
      codexHome: process.env.CODEX_HOME || join(userHome, '.codex'),
    }),
    copilot: createCopilotWhy({ copilotHome: process.env.COPILOT_HOME || join(userHome, '.copilot') }),
  });
  const classifier = startClassifier({
    home: options.home,
    userHome,
    bash,
    settings: options.classifier,
    ...(options.keychain ? { secrets: { keychain: options.keychain } } : {}),
  });
  const registry = new RaceRegistry({
    store: options.store,
    defaultTimeoutMs: options.timeoutMs,
    timeoutAction: options.timeoutAction,
    disconnectGraceMs: 10_000,
    resumeGraceMs: RESUME_GRACE_MS,
    // The hook's own withdrawal may come first; a card lingers this long after its session moved on, which
    // nobody notices.
    sessionSettleMs: 1_000,
    // Claude Code can write the call's result after the turn's Stop hook has run, later still on a loaded
    // machine: the card leaves as soon as the hook or the transcript says what the person answered, and only
    // a transcript silent this long after its session moved on leaves it as "session moved on".
    sessionOutcomeMs: SESSION_OUTCOME_MS,
    sessionOutcome,
    screen: createScreening(explain, grants, classifier.check, {
      take(request, agent) {
        const refusalId = retries.take(request, agent);
        if (refusalId !== undefined) retriedAsQuestion.set(request.id, refusalId);
        return refusalId;
      },
    }),
  });
  const stopCounting = registry.sent.subscribe(({ request, agent, decision }) => {
    added.add(scopeOf(request, agent), sessionDirectoriesOf(decision.updatedPermissions));
    // A refusal overturned: the agent retries the call, which the refusal's own answer cannot let through.
    if (isClassifierRefusal(request) && decision.behavior === 'allow') {
      const until = retries.add(request, agent);
      recordRetry(request.id, () => options.store.recordRetryGrant?.(request.id, until));
    }
    const refusalId = retriedAsQuestion.get(request.id);
    if (refusalId !== undefined) {
      retriedAsQuestion.delete(request.id);
      // Another racer may have won the race the grant's answer ran in; only the grant's answer uses it.
      if (decision.by === 'grant') retryUsed(refusalId, { usedAt: Date.now(), usedBy: 'question' });
    }
  });
  const outcomes = watchAgentOutcomes({
    sent: registry.sent,
    reported: registry.notTaken,
    store: options.store,
  });
  const stopHearing = registry.directoryAdded.subscribe(({ sessionId, cwd, agent, directory }) =>
    added.add({ sessionId, cwd, agent: agent.name }, [directory]),
  );
  return {
    bash,
    grants,
    retries,
    retriedThroughHook: (refusalId, callId) =>
      retryUsed(refusalId, { usedAt: Date.now(), usedBy: 'hook', ...(callId ? { callId } : {}) }),
    retryRecorded,
    registry,
    classifier,
    outcomes,
    async standing(request, agent, rule, placement) {
      const { context, explanation } = await explain(request, agent);
      return ruleStanding({
        context,
        call: { toolName: request.tool, input: request.input },
        rule,
        placement,
        candidates: explanation.suggestedRules,
        bash,
      });
    },
    userHome,
    close() {
      // The grants live in this console's memory: one still live ends with it, and history says when.
      const stoppedAt = Date.now();
      for (const refusalId of retries.drop())
        recordRetry(refusalId, () => options.store.recordRetryGrant?.(refusalId, stoppedAt));
      stopCounting();
      stopHearing();
      outcomes.close();
      registry.close();
      grants.close();
    },
  };
}
