import type { Screening } from '../registry/race-registry';
import type { PermissionRequest } from '../../common/protocol';
import type { AgentInfo } from '../registry/race-registry';
import type { GrantBook } from './grant-book';
import type { RequestExplainer } from './request-explainer';

/** The console's look at a request before a person sees it: explain it, and let a live grant answer it. */
export function createScreening(explain: RequestExplainer, grants: GrantBook) {
  return async (request: PermissionRequest, agent: AgentInfo): Promise<Screening> => {
    const { explanation, context } = await explain(request, agent);
    const grant = grants.match(request.sessionId, { toolName: request.tool, input: request.input }, context);
    if (!grant) return { explanation };
    return {
      explanation,
      answer: { racer: 'grant', answer: { behavior: 'allow' }, channel: `grant:${grant.rule}` },
    };
  };
}
