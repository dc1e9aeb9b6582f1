/**
 * What Claude Code's transcript says became of a call. Claude Code tells a hook nothing when its own
 * dialog wins: when the person answers "No, and tell Claude what to do differently" in the terminal, it
 * neither cancels the waiting hook nor runs the tool, and a hook's answer that comes later is dropped. It
 * does write the outcome into the transcript, as 2.1.328 writes it: the `tool_result` for the call's
 * `tool_use` id, on a line with `toolDenialKind: "user-rejected"` and `userFeedback` for that "No", with
 * another `toolDenialKind` (`"permission-rule"`) when a hook's or a rule's deny refused it, and with none
 * when the tool ran. Only its messages count, `assistant` lines for the tool use and `user` lines for the
 * result, as Claude Code's own reader takes them: an `api-request-blob` line copies a request sent to the
 * model, result and all but with no `toolDenialKind`, and can be written before the person's "No" is. The
 * hook reads it to withdraw a waiting card (files/transcript-watch.ts); the console reads it after its own
 * answer, to learn whether the agent took it (main/registry/agent-outcome.ts).
 */

import { canonicalJson } from './canonical-json';

export type TranscriptVerdict =
  /** The person said No in the agent's own dialog. */
  | { readonly kind: 'rejected'; readonly feedback?: string }
  /** A deny that was not the person's in the dialog: a hook's (the console's) or a rule's. */
  | { readonly kind: 'refused' }
  /** The tool ran (whether or not it then failed). */
  | { readonly kind: 'ran' };

interface Block {
  readonly type?: unknown;
  readonly id?: unknown;
  readonly name?: unknown;
  readonly input?: unknown;
  readonly tool_use_id?: unknown;
}
interface Line {
  readonly type?: unknown;
  readonly message?: { readonly content?: unknown };
  readonly toolDenialKind?: unknown;
  readonly userFeedback?: unknown;
  readonly timestamp?: unknown;
}

const blocksOf = (line: Line): Block[] =>
  Array.isArray(line.message?.content) ? (line.message.content as Block[]) : [];

/** When the line was written, in epoch ms, if it says (2.1.328 writes an ISO `timestamp` on each). */
function writtenAt(line: Line): number | undefined {
  const at = typeof line.timestamp === 'string' ? Date.parse(line.timestamp) : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
}

/**
 * Reads complete JSONL lines; `tool` and `input` are the call asked about. The last matching tool use
 * wins, since a transcript can hold earlier identical calls. `since` (epoch ms) passes over results
 * written before it: the call's own tool use may not be written yet when the transcript is first read,
 * and an earlier identical call's result must not stand for it.
 */
export function transcriptVerdict(
  lines: readonly string[],
  tool: string,
  input: Readonly<Record<string, unknown>>,
  since?: number,
): TranscriptVerdict | undefined {
  let useId: unknown;
  let verdict: TranscriptVerdict | undefined;
  // Key order can differ between the hook's stdin and the transcript; compare as data.
  const asked = canonicalJson(input);
  for (const text of lines) {
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      continue;
    }
    if (typeof line !== 'object' || line === null) continue;
    if (line.type !== 'assistant' && line.type !== 'user') continue;
    for (const block of blocksOf(line)) {
      if (
        line.type === 'assistant' &&
        block.type === 'tool_use' &&
        block.name === tool &&
        canonicalJson(block.input) === asked
      ) {
        useId = block.id;
        verdict = undefined;
      } else if (
        line.type === 'user' &&
        block.type === 'tool_result' &&
        useId !== undefined &&
        block.tool_use_id === useId &&
        !((writtenAt(line) ?? Number.POSITIVE_INFINITY) < (since ?? Number.NEGATIVE_INFINITY))
      ) {
        verdict =
          line.toolDenialKind === 'user-rejected'
            ? {
                kind: 'rejected',
                ...(typeof line.userFeedback === 'string' && line.userFeedback
                  ? { feedback: line.userFeedback }
                  : {}),
              }
            : typeof line.toolDenialKind === 'string'
              ? { kind: 'refused' }
              : { kind: 'ran' };
      }
    }
  }
  return verdict;
}

/** common/protocol.ts's limit on a message: longer words would make the console refuse the hook's cancel. */
const MESSAGE_MAX = 4_000;

/**
 * What the person answered in the agent's own dialog, as history records it whether the hook's withdrawal
 * or the console's own read of the transcript tells it first: their No with their words. Undefined when the
 * call ran or a hook's or rule's deny refused it, which was not their answer to give.
 */
export function terminalAnswer(
  verdict: TranscriptVerdict,
): { readonly behavior: 'deny'; readonly message?: string } | undefined {
  if (verdict.kind !== 'rejected') return undefined;
  return {
    behavior: 'deny',
    ...(verdict.feedback ? { message: verdict.feedback.slice(0, MESSAGE_MAX) } : {}),
  };
}
