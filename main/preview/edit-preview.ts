/**
 * What an edit-family call would do to the file on disk, as diff hunks the queue renders unified or split.
 * Only ever computed for a request that is waiting (the renderer names a request id, never a path), with
 * only a regular file read, its size and the diff's work bounded, so no path an agent names can freeze or
 * swell the console. An ACP call carries its diff's old and new text itself, so its preview reads no file.
 */
import { acpCallOf } from '../../common/acp-call';
import type { EditPreview, PreviewRefusal } from '../../common/queue-contract';
import type { PermissionRequest } from '../../common/protocol';
import { readBounded, type BoundedRead } from '../../files/read-bounded';
import { diffLines, hunksOf, splitLines } from './line-diff';

/** Beyond this the console says how big the file is instead of diffing it: no one reads a longer diff. */
export const MAX_PREVIEW_BYTES = 4 * 1024 * 1024;
/** Unchanged lines kept around each change, as `diff -u` does. */
const CONTEXT_LINES = 3;

type Edit = { old_string: string; new_string: string; replace_all?: boolean };

function isEdit(value: unknown): value is Edit {
  const edit = value as Partial<Edit> | null;
  return typeof edit?.old_string === 'string' && typeof edit.new_string === 'string';
}

/** Applies Claude Code's Edit semantics: the first occurrence, or every one with `replace_all`. */
export function applyEdit(text: string, edit: Edit): string | { missing: string } {
  if (!text.includes(edit.old_string)) return { missing: edit.old_string };
  return edit.replace_all
    ? text.split(edit.old_string).join(edit.new_string)
    : text.replace(edit.old_string, () => edit.new_string);
}

/** Previews read at once; the rest wait, so a burst of cards cannot take every one of Node's file threads. */
const PREVIEWS_AT_ONCE = 2;
let reading = 0;
const waiting: (() => void)[] = [];

async function readLimited(path: string): Promise<BoundedRead> {
  if (reading >= PREVIEWS_AT_ONCE) await new Promise<void>((resume) => waiting.push(resume));
  else reading += 1;
  try {
    return await readBounded(path, MAX_PREVIEW_BYTES);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}

function refusalOf(read: Extract<BoundedRead, { kind: 'refused' }>): {
  sentence: string;
  refused: PreviewRefusal;
} {
  switch (read.reason) {
    case 'not-a-regular-file':
      return {
        sentence: `The path is a ${read.type === 'fifo' ? 'FIFO' : read.type}, not a regular file, so it was not read.`,
        refused: { reason: read.reason },
      };
    case 'too-large':
      return {
        sentence: `The file is ${(read.size / 1024 / 1024).toFixed(1)} MB, too large to show a diff.`,
        refused: { reason: read.reason, size: read.size, limit: read.limit },
      };
    case 'unreadable':
      return {
        sentence: `The file cannot be read (${read.code}).`,
        refused: { reason: read.reason, code: read.code },
      };
  }
}

type Unavailable = { readonly reason: string; readonly refused: PreviewRefusal };

function after(request: PermissionRequest, before: string | null): string | { unavailable: Unavailable } {
  const { tool, input } = request;
  const unavailable = (reason: string, refused: PreviewRefusal) => ({ unavailable: { reason, refused } });
  if (tool === 'Write') {
    return typeof input.content === 'string'
      ? input.content
      : unavailable('The Write call has no text content.', { reason: 'no-content', tool });
  }
  if (tool === 'NotebookEdit') {
    return typeof input.new_source === 'string'
      ? input.new_source
      : unavailable('The notebook edit has no source.', { reason: 'no-content', tool });
  }
  const edits = tool === 'MultiEdit' ? input.edits : [input];
  if (!Array.isArray(edits) || !edits.every(isEdit))
    return unavailable(`The ${tool} call has no old_string/new_string.`, { reason: 'no-edit', tool });
  if (before === null)
    return unavailable(`The file does not exist, so this ${tool} would fail.`, {
      reason: 'file-missing',
      tool,
    });
  let text = before;
  for (const edit of edits) {
    const next = applyEdit(text, edit);
    if (typeof next !== 'string') {
      return unavailable(`The text to replace is not in the file, so this ${tool} would fail.`, {
        reason: 'text-not-found',
        tool,
      });
    }
    text = next;
  }
  return text;
}

export async function previewEdit(request: PermissionRequest): Promise<EditPreview> {
  const acp = acpCallOf(request);
  if (acp) {
    const diff = acp.diffs[0];
    if (!diff)
      return {
        kind: 'unavailable',
        reason: 'The ACP call carries no diff.',
        refused: { reason: 'acp-no-diff' },
      };
    return patchPreview(diff.path, diff.oldText ?? '', diff.newText, diff.oldText === null);
  }
  const path = request.input.file_path ?? request.input.notebook_path;
  if (typeof path !== 'string')
    return {
      kind: 'unavailable',
      reason: `A ${request.tool} call names no file.`,
      refused: { reason: 'no-file', tool: request.tool },
    };
  const current = await readLimited(path);
  if (current.kind === 'refused') {
    const { sentence, refused } = refusalOf(current);
    return { kind: 'unavailable', path, reason: sentence, refused };
  }
  const text = current.kind === 'text' ? current.text : null;
  const next = after(request, text);
  if (typeof next !== 'string') return { kind: 'unavailable', path, ...next.unavailable };
  const before = request.tool === 'NotebookEdit' ? '' : (text ?? '');
  return patchPreview(path, before, next, text === null);
}

function patchPreview(path: string, before: string, next: string, isNew: boolean): EditPreview {
  const oldLines = splitLines(before);
  const newLines = splitLines(next);
  const runs = diffLines(oldLines, newLines);
  let added = 0;
  let removed = 0;
  for (const run of runs) {
    if (run.kind === 'add') added += run.count;
    else if (run.kind === 'del') removed += run.count;
  }
  return {
    kind: 'diff',
    path,
    isNew,
    added,
    removed,
    oldLength: oldLines.length,
    hunks: hunksOf(runs, oldLines, newLines, CONTEXT_LINES),
  };
}
