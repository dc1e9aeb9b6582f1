/**
 * What stands between a person and an Allow: content that may not fit its box (a long command, a diff, a
 * write, long arguments) and has not been seen to its end, and a request that needs a second look
 * (dangerous, or touching a protected path), which gets a confirm step.
 */
import { acpCallOf } from '../../../common/acp-call';
import type { PendingRequestView } from '../../../common/queue-contract';
import { familyOf } from '../../../engine';

/** Text this long may not fit its box: it must be shown to the end before it can be allowed. */
const LONG_LINES = 8;
const LONG_CHARS = 600;
/** A diff adds up to three context lines each side and a hunk header to what the call changes. */
const LONG_DIFF_LINES = 5;

const lineCount = (text: unknown) => (typeof text === 'string' ? text.split('\n').length : 0);
const charCount = (text: unknown) => (typeof text === 'string' ? text.length : 0);

function editedText(input: PendingRequestView['input']): unknown[] {
  const edits = Array.isArray(input.edits) ? (input.edits as unknown[]) : [];
  return [
    input.content,
    input.old_string,
    input.new_string,
    input.new_source,
    ...edits.flatMap((edit) =>
      edit && typeof edit === 'object'
        ? [(edit as Record<string, unknown>).old_string, (edit as Record<string, unknown>).new_string]
        : [],
    ),
  ];
}

/** Requests are immutable views: a 200 KB input is measured once, not on every render that asks. */
const overflowOf = new WeakMap<PendingRequestView, boolean>();

/** Whether the card's body may be taller than its box, so Allow waits until it has been seen through. */
export function contentMayOverflow(request: PendingRequestView): boolean {
  let overflows = overflowOf.get(request);
  if (overflows === undefined) {
    overflows = measureOverflow(request);
    overflowOf.set(request, overflows);
  }
  return overflows;
}

function measureOverflow(request: PendingRequestView): boolean {
  const { input } = request;
  const acp = acpCallOf(request);
  // An ACP call's diff carries whole files, so its length says nothing of the hunks': the diff box is
  // measured instead, and counts as seen at once when it fits. A call drawn from no part is its JSON.
  if (acp) {
    const { command } = acp;
    if (acp.diffs.length > 0) return true;
    if (command !== undefined) return charCount(command) > LONG_CHARS || lineCount(command) > LONG_LINES;
    if (acp.locations.length || acp.texts.length || acp.kind === 'execute') return false;
  }
  switch (familyOf(request.tool)) {
    case 'bash':
      return (
        typeof input.command === 'string' &&
        (charCount(input.command) > LONG_CHARS || lineCount(input.command) > LONG_LINES)
      );
    case 'edit': {
      const texts = editedText(input);
      const lines = texts.reduce<number>((sum, text) => sum + lineCount(text), 0);
      const chars = texts.reduce<number>((sum, text) => sum + charCount(text), 0);
      return lines > LONG_DIFF_LINES || chars > LONG_CHARS;
    }
    case 'webFetch':
      return false;
    case 'mcp':
    case 'read':
    case 'generic': {
      const json = JSON.stringify(input, null, 2);
      return json.length > LONG_CHARS || lineCount(json) > LONG_LINES;
    }
  }
}

export type AllowGate = 'checking' | 'unread' | 'confirm' | 'open';

export function allowGate(request: PendingRequestView, seenToEnd: boolean): AllowGate {
  // A card shows before the engine has looked at it (its explanation follows within milliseconds, and the
  // console sends one even when the engine could not run): until then, nothing may allow it.
  if (request.explanation === undefined) return 'checking';
  if (contentMayOverflow(request) && !seenToEnd) return 'unread';
  if (request.explanation.needsSecondLook) return 'confirm';
  return 'open';
}
