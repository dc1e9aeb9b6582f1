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
import type { EditableSource, RuleEdit, SaveOutcome } from '../../../common/rules-contract';
import { parseSettingsText } from '../../../engine';
import { writeFileAtomic } from '../../../files/atomic-write';
import { applyFileOps, opsHold, type FileOp } from './rule-ops';
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

export class SaveError extends Error {
  constructor(
    readonly code: 'broken-file' | 'bad-rule' | 'write-failed',
    message: string,
  ) {
    super(message);
  }
}

function textOf(read: SettingsRead): string | undefined {
  if (read.kind === 'unreadable') throw new SaveError('broken-file', read.error);
  return read.kind === 'text' ? read.text : undefined;
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
    const text = textOf(read);
    const outcome = applyFileOps(text, file, plan.ops, request.force);
    if (outcome.kind === 'broken') throw new SaveError('broken-file', outcome.message);
    if (outcome.kind === 'invalid') throw new SaveError('bad-rule', outcome.message);
    if (outcome.kind === 'conflict') return { status: 'conflict', message: outcome.message };
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
  const text = textOf(read);
  const loads = text === undefined ? undefined : parseSettingsText(text, file);
  if (loads && !loads.ok) throw new SaveError('write-failed', `${loads.error} Nothing was saved as asked.`);
  if (!opsHold(text, ops))
    throw new SaveError(
      'write-failed',
      `The settings file ${file}, read back, does not hold the change; it was not saved.`,
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
    const text = textOf(read);
    // After the first attempt the edit is already judged; what remains is our own operation to replay.
    const outcome = applyFileOps(text, file, ops, force || attempt > 0);
    if (outcome.kind === 'broken') throw new SaveError('broken-file', outcome.message);
    if (outcome.kind === 'invalid') throw new SaveError('bad-rule', outcome.message);
    if (outcome.kind === 'conflict') return { status: 'conflict', message: outcome.message };
    if (!outcome.changed) return undefined;
    const unmoved = () => currentVersion(file) === read.version;
    if (!(await writeThrough(file, outcome.text, read.kind === 'text', unmoved))) continue;
    await new Promise((resolve) => setTimeout(resolve, VERIFY_AFTER_MS));
    const after = await readSettingsFile(file);
    if (after.kind === 'text' && (after.version === versionOf(outcome.text) || opsHold(after.text, ops)))
      return undefined;
  }
  throw new SaveError(
    'write-failed',
    `The settings file ${file} kept changing while Gatehouse saved; try again.`,
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
