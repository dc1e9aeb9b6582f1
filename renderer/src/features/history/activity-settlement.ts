/**
 * How a tool call the agent reported in its own telemetry was settled, in plain words, and the activity
 * filters built on it. The agents' words for who decided are those the pinned binaries send
 * (docs/claude-code.md and docs/codex.md, "Telemetry"). A call Gatehouse asked about is said to be settled
 * through its question, whatever the agent recorded: Claude Code calls any hook answer `hook`, and Codex 0.169
 * calls a call its hook allowed `Config`.
 */
import type { ActivityCallView, ActivitySessionView } from '../../../../common/history-contract';
import type { MessageKey } from '../../i18n/en';

export interface Settlement {
  readonly key: MessageKey;
  readonly params?: { readonly source: string };
}

const KNOWN: ReadonlySet<string> = new Set([
  'claude.config.allow',
  'claude.config.deny',
  'claude.user_permanent.allow',
  'claude.user_permanent.deny',
  'claude.user_temporary.allow',
  'claude.user_abort.deny',
  'claude.user_reject.deny',
  'claude.classifier.allow',
  'claude.classifier.deny',
  'claude.hook.allow',
  'claude.hook.deny',
  'codex.Config.allow',
  'codex.Config.deny',
  'codex.User.allow',
  'codex.User.deny',
  'codex.AutomatedReviewer.allow',
  'codex.AutomatedReviewer.deny',
]);

export function settlementOf(call: ActivityCallView, agent: ActivitySessionView['agent']): Settlement {
  if (call.allowed === undefined) return { key: 'history.activity.undecided' };
  const verdict = call.allowed ? 'allow' : 'deny';
  // Claude Code records the retried call as a hook's allow, and may join it to the refusal's own question.
  if (call.retryOf !== undefined && call.allowed) return { key: 'history.activity.retried' };
  if (call.requestId !== undefined) return { key: `history.activity.asked.${verdict}` };
  const known = `${agent}.${call.source ?? ''}.${verdict}`;
  if (KNOWN.has(known)) return { key: `history.activity.${known}` as MessageKey };
  return { key: `history.activity.other.${verdict}`, params: { source: call.source ?? '' } };
}

/** The filter "refused by the agent's classifier": Claude Code's classifier or Codex's automatic reviewer. */
export function refusedByClassifier(call: ActivityCallView): boolean {
  return call.allowed === false && (call.source === 'classifier' || call.source === 'AutomatedReviewer');
}

/** The filter "allowed with no person": the agent's settings, mode, classifier or reviewer, not a question. */
export function allowedWithNoPerson(call: ActivityCallView): boolean {
  return (
    call.allowed === true &&
    call.requestId === undefined &&
    ['config', 'classifier', 'Config', 'AutomatedReviewer'].includes(call.source ?? '')
  );
}
