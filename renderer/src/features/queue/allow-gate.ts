/**
 * What stands between a person and an Allow: a Bash command that has not been seen to its end, and a
 * request that needs a second look (dangerous, or touching a protected path), which gets a confirm step.
 */
import type { PendingRequestView } from '../../../../common/console-contract';
import { familyOf } from './tool-family';

/** Commands this long may not fit the card: they must be shown to the end before they can be allowed. */
const LONG_LINES = 8;
const LONG_CHARS = 600;

export function commandMayOverflow(request: PendingRequestView): boolean {
  if (familyOf(request.tool, request.input) !== 'bash') return false;
  const command = String(request.input.command);
  return command.length > LONG_CHARS || command.split('\n').length > LONG_LINES;
}

export type AllowGate = 'unread' | 'confirm' | 'open';

export function allowGate(request: PendingRequestView, seenToEnd: boolean): AllowGate {
  if (commandMayOverflow(request) && !seenToEnd) return 'unread';
  // A card shows before the engine has looked at it (or when it could not): until the explanation says
  // otherwise, it is treated as one that needs a second look, so no early key press approves it.
  if (request.explanation?.needsSecondLook !== false) return 'confirm';
  return 'open';
}
