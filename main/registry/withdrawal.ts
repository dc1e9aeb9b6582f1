/**
 * What an agent's withdrawal of a request (`permission.cancel`, other than its deadline) records: the
 * answer its own dialog gave, as the person's, or that nobody answered and why. An option is taken only as
 * one the request offered, and answers as its kind does (allow_* allows, reject_* denies); an option the
 * request did not offer is no answer the console can read, so the question is recorded as left to the
 * agent's own dialog.
 */
import { isAllowKind } from '../../common/agent-answers';
import type { AgentOption, PermissionCancel } from '../../common/protocol';
import type { Answer } from './race-registry';

export function withdrawalAnswer(
  cancel: Exclude<PermissionCancel, { reason: 'deadline' }>,
  options: readonly AgentOption[] | undefined,
): Answer {
  if (cancel.reason === 'aborted')
    return { behavior: 'passthrough', ...(cancel.because ? { ended: cancel.because } : {}) };
  const { answer } = cancel;
  if (!answer) return { behavior: 'passthrough' };
  if (!('optionId' in answer)) return answer;
  const option = options?.find((each) => each.optionId === answer.optionId);
  if (!option) return { behavior: 'passthrough' };
  return { behavior: isAllowKind(option.kind) ? 'allow' : 'deny', optionId: option.optionId };
}
