/**
 * What an edit-family call would do to the file on disk, as diff hunks the queue renders unified or split.
 * Only ever computed for a request that is waiting (the renderer names a request id, never a path), with
 * the file size and the diff's work bounded so a huge file cannot freeze the console.
 */
import { readFile, stat } from 'node:fs/promises';
import { structuredPatch } from 'diff';
import type { EditPreview } from '../../common/console-contract';
import type { PermissionRequest } from '../../common/protocol';

/** Beyond this the console says how big the file is instead of diffing it. */
export const MAX_PREVIEW_BYTES = 4 * 1024 * 1024;
/** Milliseconds the diff may take before the console gives up on showing it. */
const DIFF_BUDGET_MS = 750;

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

async function readCurrent(path: string): Promise<{ text: string | null } | { tooLarge: number }> {
  try {
    const info = await stat(path);
    if (info.size > MAX_PREVIEW_BYTES) return { tooLarge: info.size };
    return { text: await readFile(path, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: null };
    throw error;
  }
}

function after(request: PermissionRequest, before: string | null): string | { unavailable: string } {
  const { tool, input } = request;
  if (tool === 'Write') {
    return typeof input.content === 'string'
      ? input.content
      : { unavailable: 'The Write call has no text content.' };
  }
  if (tool === 'NotebookEdit') {
    return typeof input.new_source === 'string'
      ? input.new_source
      : { unavailable: 'The notebook edit has no source.' };
  }
  const edits = tool === 'MultiEdit' ? input.edits : [input];
  if (!Array.isArray(edits) || !edits.every(isEdit))
    return { unavailable: `The ${tool} call has no old_string/new_string.` };
  if (before === null) return { unavailable: `The file does not exist, so this ${tool} would fail.` };
  let text = before;
  for (const edit of edits) {
    const next = applyEdit(text, edit);
    if (typeof next !== 'string') {
      return { unavailable: `The text to replace is not in the file, so this ${tool} would fail.` };
    }
    text = next;
  }
  return text;
}

export async function previewEdit(request: PermissionRequest): Promise<EditPreview> {
  const path = request.input.file_path ?? request.input.notebook_path;
  if (typeof path !== 'string')
    return { kind: 'unavailable', reason: `A ${request.tool} call names no file.` };
  const current = await readCurrent(path).catch((error: Error) => ({ error: error.message }));
  if ('error' in current)
    return { kind: 'unavailable', path, reason: `The file cannot be read: ${current.error}.` };
  if ('tooLarge' in current) {
    const mb = (current.tooLarge / 1024 / 1024).toFixed(1);
    return { kind: 'unavailable', path, reason: `The file is ${mb} MB, too large to show a diff.` };
  }
  const next = after(request, current.text);
  if (typeof next !== 'string') return { kind: 'unavailable', path, reason: next.unavailable };
  const before = request.tool === 'NotebookEdit' ? '' : (current.text ?? '');
  const patch = structuredPatch(path, path, before, next, '', '', { context: 3, timeout: DIFF_BUDGET_MS });
  if (!patch) return { kind: 'unavailable', path, reason: 'The change is too large to diff quickly.' };
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
    }
  }
  return {
    kind: 'diff',
    path,
    isNew: current.text === null,
    added,
    removed,
    hunks: patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
      oldStart,
      oldLines,
      newStart,
      newLines,
      lines,
    })),
  };
}
