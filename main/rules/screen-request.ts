import type { Explanation } from '../../common/queue-contract';
import { phrase, PermissionContextError } from '../../engine';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { Screening } from '../registry/race-registry';
import type { GrantBook } from './grant-book';
import { isClassifierRefusal } from '../../common/classifier-refusal';
import { retryChannel } from '../../common/history-contract';
import type { ExplainedRequest, RequestExplainer } from './request-explainer';

/**
 * What a card says when the engine could not look at its request (a context that cannot be built, say):
 * that it was not checked, and so that it needs a second look. Every card gets an explanation, so the
 * queue can hold Allow back until it has one.
 */
export function uncheckedExplanation(request: PermissionRequest, error: unknown): Explanation {
  const problem =
    error instanceof PermissionContextError
      ? { phrase: error.phrase }
      : { text: error instanceof Error ? error.message : String(error) };
  const said = phrase('context.unchecked', { problem });
  return {
    behavior: 'ask',
    step: '3',
    reason: { type: 'default', message: said.message, phrase: said.phrase },
    nearMisses: [],
    risk: 'privileged',
    needsSecondLook: true,
    suggestedRules: [request.tool],
  };
}

/**
 * An automated check on the coordinator's path (Gatehouse's classifier): an answer of its own, or the
 * explanation with its opinion added; undefined when the request is not its to look at.
 */
export type AutomatedCheck = (
  request: PermissionRequest,
  agent: AgentInfo,
  explained: ExplainedRequest,
) => Promise<Screening | undefined>;

/**
 * The console's look at a request before a person sees it: explain it, let a live grant answer it (a
 * person's own earlier answer: the retry of a refusal they overturned, then a timed grant), then the
 * automated check, all before any card, notification or phone message is raised. A refusal of the agent's
 * own classifier is only explained: overturning it is a person's answer, never a grant's or a check's.
 */
export function createScreening(
  explain: RequestExplainer,
  grants: GrantBook,
  automated?: AutomatedCheck,
  retries?: { take(request: PermissionRequest, agent: AgentInfo): string | undefined },
) {
  return async (request: PermissionRequest, agent: AgentInfo): Promise<Screening> => {
    const refusal = isClassifierRefusal(request);
    const retried = refusal ? undefined : retries?.take(request, agent);
    // The person saw this very call on the refusal's card: their allow stands whatever the engine makes of it.
    const answered = (explanation: Explanation): Screening =>
      retried === undefined
        ? { explanation }
        : {
            explanation,
            answer: { racer: 'grant', answer: { behavior: 'allow' }, channel: retryChannel(retried) },
          };
    let explained;
    try {
      explained = await explain(request, agent);
    } catch (error) {
      return answered(uncheckedExplanation(request, error));
    }
    const { explanation, context } = explained;
    if (refusal || retried !== undefined) return answered(explanation);
    const grant = grants.match(
      { sessionId: request.sessionId, cwd: request.cwd, agent: agent.name, mcpServer: request.mcpServer },
      { toolName: request.tool, input: request.input },
      context,
    );
    if (!grant) {
      if (!automated) return { explanation };
      // The check only adds to what a person sees: when it fails, the card keeps the engine's explanation.
      return (await automated(request, agent, explained).catch(() => undefined)) ?? { explanation };
    }
    return {
      explanation,
      answer: { racer: 'grant', answer: { behavior: 'allow' }, channel: `grant:${grant.rule}` },
    };
  };
}
