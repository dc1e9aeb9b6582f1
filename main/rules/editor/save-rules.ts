/**
 * Saving a rule edit without ever overwriting a change made elsewhere. The edit becomes operations per file
 * (an add lands before the matching removal, so a crash between them never loses a rule). Each file is
 * re-read at save time: if it is not the version the person read, the operations are replayed onto it
 * when they still fit (a merge) and the save is a conflict when they do not. Just before the atomic
 * rename the file is read once more and the write starts over if it moved, and a moment after it the
 * result is checked and the edit replayed if another writer (Claude Code writes settings.local.json
 * itself) renamed over it.
 */
import { realpath, stat } from 'node:fs/promises';
import { refusal } from '../../../common/refusals';
import type { EditableSource, RuleEdit, SaveOutcome } from '../../../common/rules-contract';
import { parseSettingsText } from '../../../engine';
import { writeFileAtomic } from '../../../files/atomic-write';
import { EditorRefusal } from './editor-refusal';
import { applyFileOps, opsHold, type FileOp, type OpsResult } from './rule-ops';
import { currentVersion, readSettingsFile, versionOf, type SettingsRead } from './settings-text';

/** How often a save starts over because another writer moved the file under it. */
const MAX_ATTEMPTS = 50;
/**
 * POSIX has no compare-and-rename: a writer whose own check came just before our rename can still rename
 * over us a moment later. The result is checked after this pause, and the edit replayed if it was lost.
 */
export const VERIFY_AFTER_MS = 25;

export interface FilePlan {
  readonly source: EditableSource;
  readonly ops: readonly FileOp[];
}

/** The edit as operations, file by file, in the order they are written. */
export function planEdit(edit: RuleEdit): readonly FilePlan[] {
  switch (edit.kind) {
    case 'add':
      return [
        { source: edit.to.source, ops: [{ kind: 'add', behavior: edit.to.behavior, rule: edit.rule }] },
      ];
    case 'remove':
      return [
        {
          source: edit.from.source,
          ops: [{ kind: 'remove', behavior: edit.from.behavior, rule: edit.rule, goneIsDone: true }],
        },
      ];
    case 'change': {
      const { from, to } = edit;
      if (from.source === to.source && from.behavior === to.behavior)
        return [
          {
            source: from.source,
            ops: [{ kind: 'replace', behavior: from.behavior, rule: edit.rule, with: edit.newRule }],
          },
        ];
      const remove: FileOp = { kind: 'remove', behavior: from.behavior, rule: edit.rule };
      const add: FileOp = { kind: 'add', behavior: to.behavior, rule: edit.newRule };
      if (from.source === to.source) return [{ source: from.source, ops: [add, remove] }];
      return [
        { source: to.source, ops: [add] },
        { source: from.source, ops: [remove] },
      ];
    }
  }
}

/** A save refused: a file broken, a rule invalid, or a write that did not hold. */
export class SaveError extends EditorRefusal {}

function textOf(read: SettingsRead, file: string): string | undefined {
  if (read.kind === 'unreadable') throw new SaveError(refusal('broken-file', read.error, { file }));
  return read.kind === 'text' ? read.text : undefined;
}

/** A broken file or an invalid rule is thrown; a conflict is the save's outcome. */
function conflictOf(outcome: OpsResult): SaveOutcome | undefined {
  if (outcome.kind === 'broken' || outcome.kind === 'invalid') throw new SaveError(outcome.refusal);
  return outcome.kind === 'conflict' ? { status: 'conflict', ...outcome.refusal } : undefined;
}

export interface SaveRequest {
  readonly edit: RuleEdit;
  readonly files: Readonly<Record<EditableSource, string>>;
  readonly versions: Partial<Record<EditableSource, string>>;
  readonly force?: boolean;
}

export async function saveRuleEdit(request: SaveRequest): Promise<SaveOutcome> {
  const plans = planEdit(request.edit);
  // Every file is judged before any is written, so a move that cannot remove never adds a copy.
  let merged = false;
  for (const plan of plans) {
    const file = request.files[plan.source];
    const read = await readSettingsFile(file);
    const text = textOf(read, file);
    const conflict = conflictOf(applyFileOps(text, file, plan.ops, request.force));
    if (conflict) return conflict;
    if (read.version !== request.versions[plan.source]) merged = true;
  }
  for (const plan of plans) {
    const outcome = await writeOps(request.files[plan.source], plan.ops, request.force === true);
    if (outcome) return outcome;
  }
  // "Saved" only once each file, read back, holds the edit and loads as the engine loads it.
  for (const plan of plans) await confirmSaved(request.files[plan.source], plan.ops);
  return { status: 'saved', merged };
}

async function confirmSaved(file: string, ops: readonly FileOp[]): Promise<void> {
  const read = await readSettingsFile(file);
  const text = textOf(read, file);
  const loads = text === undefined ? undefined : parseSettingsText(text, file);
  if (loads && !loads.ok)
    throw new SaveError(
      refusal('save-not-confirmed', `${loads.error} Nothing was saved as asked.`, { file }),
    );
  if (!opsHold(text, ops))
    throw new SaveError(
      refusal(
        'save-not-confirmed',
        `The settings file ${file}, read back, does not hold the change; it was not saved.`,
        { file },
      ),
    );
}

/** Applies the operations to the file as it is, retrying while another writer moves it. */
async function writeOps(
  file: string,
  ops: readonly FileOp[],
  force: boolean,
): Promise<SaveOutcome | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const read = await readSettingsFile(file);
    const text = textOf(read, file);
    // After the first attempt the edit is already judged; what remains is our own operation to replay.
    const outcome = applyFileOps(text, file, ops, force || attempt > 0);
    const conflict = conflictOf(outcome);
    if (conflict) return conflict;
    if (outcome.kind !== 'done' || !outcome.changed) return undefined;
    const unmoved = () => currentVersion(file) === read.version;
    if (!(await writeThrough(file, outcome.text, read.kind === 'text', unmoved))) continue;
    await new Promise((resolve) => setTimeout(resolve, VERIFY_AFTER_MS));
    const after = await readSettingsFile(file);
    if (after.kind === 'text' && (after.version === versionOf(outcome.text) || opsHold(after.text, ops)))
      return undefined;
  }
  throw new SaveError(
    refusal(
      'file-kept-changing',
      `The settings file ${file} kept changing while Gatehouse saved; try again.`,
      { file },
    ),
  );
}

/** Writes through a symlink (a dotfiles checkout) rather than replacing it, keeping the file's mode. */
async function writeThrough(
  file: string,
  text: string,
  exists: boolean,
  beforeRename: () => boolean,
): Promise<boolean> {
  if (!exists) return writeFileAtomic(file, text, { beforeRename });
  const target = await realpath(file);
  const mode = (await stat(target)).mode & 0o777;
  return writeFileAtomic(target, text, { mode, beforeRename });
}
