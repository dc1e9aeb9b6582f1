/**
 * The approval policy and sandbox a Codex turn ran under. Codex's hook input carries neither (its
 * `permission_mode` is only "default" or "bypassPermissions"), but the session's rollout file, which the
 * hook input names, opens each turn with a `turn_context` line holding both. Codex 0.169.
 */
import { readBoundedTail } from '../../../files/read-bounded';

/** A turn's lines follow its `turn_context`; a long turn of large tool outputs still fits in this tail. */
export const TRANSCRIPT_TAIL_BYTES = 4 * 1024 * 1024;

export interface TurnSettings {
  readonly approvalPolicy?: string;
  readonly sandbox?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `"on-request"` as it is; `{"granular": {…}}` by its one key. */
function policyName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value)) return Object.keys(value)[0];
  return undefined;
}

/**
 * The settings of `turnId`'s context line (or of the last one, when the request named no turn), read from
 * the end of `text`, which may start inside a line. Pure.
 */
export function turnSettingsIn(text: string, turnId: string | undefined): TurnSettings | undefined {
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    // Only context lines are parsed: the rest of a turn can be megabytes of tool output.
    if (!line.includes('"turn_context"')) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObject(entry) || entry.type !== 'turn_context' || !isObject(entry.payload)) continue;
    const { payload } = entry;
    if (turnId !== undefined && payload.turn_id !== turnId) continue;
    const approvalPolicy = policyName(payload.approval_policy);
    const sandbox = isObject(payload.sandbox_policy) ? payload.sandbox_policy.type : undefined;
    return {
      ...(approvalPolicy ? { approvalPolicy } : {}),
      ...(typeof sandbox === 'string' ? { sandbox } : {}),
    };
  }
  return undefined;
}

/** Undefined when the file is not a rollout file, cannot be read, or holds no context for the turn. */
export async function readTurnSettings(
  transcriptPath: string,
  turnId: string | undefined,
): Promise<TurnSettings | undefined> {
  // The path comes from the agent: only a JSON-lines log is read, and only these two fields leave it.
  if (!transcriptPath.endsWith('.jsonl')) return undefined;
  const read = await readBoundedTail(transcriptPath, TRANSCRIPT_TAIL_BYTES);
  return read.kind === 'text' ? turnSettingsIn(read.text, turnId) : undefined;
}
