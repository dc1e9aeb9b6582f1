/**
 * What stands between a person and an Allow: a Bash command that has not been seen to its end, and a
 * request that needs a second look (dangerous, or touching a protected path), which gets a confirm step.
 */
import type { PendingRequestView } from '../../../common/console-contract';
import { familyOf } from '../../../engine';

/** Commands this long may not fit the card: they must be shown to the end before they can be allowed. */
const LONG_LINES = 8;
const LONG_CHARS = 600;

export function commandMayOverflow(request: PendingRequestView): boolean {
  const command = request.input.command;
  if (familyOf(request.tool) !== 'bash' || typeof command !== 'string') return false;
  return command.length > LONG_CHARS || command.split('\n').length > LONG_LINES;
}

export type AllowGate = 'checking' | 'unread' | 'confirm' | 'open';

export function allowGate(request: PendingRequestView, seenToEnd: boolean): AllowGate {
  // A card shows before the engine has looked at it (its explanation follows within milliseconds, and the
  // console sends one even when the engine could not run): until then, nothing may allow it.
  if (request.explanation === undefined) return 'checking';
  if (commandMayOverflow(request) && !seenToEnd) return 'unread';
  if (request.explanation.needsSecondLook) return 'confirm';
  return 'open';
}
