/**
 * A person's rule edit as operations on one settings file's text, pure. An operation names the rule it
 * acts on by its text, so it can be replayed onto a file someone else changed since it was read: it fits
 * when that rule is still where the person saw it, and is a conflict when it is not. Every key and value
 * the editor does not own stays, and the file keeps its formatting (files/json-splice.ts).
 */
import { refusal, withPhrase, type Refusal } from '../../../common/refusals';
import type { RuleBehavior } from '../../../engine';
import { checkRule, parseSettingsText } from '../../../engine';
import { formatSettings } from '../../../files/json-splice';

export type FileOp =
  | { readonly kind: 'add'; readonly behavior: RuleBehavior; readonly rule: string }
  | {
      readonly kind: 'remove';
      readonly behavior: RuleBehavior;
      readonly rule: string;
      /** A plain delete of a rule someone else already removed is done; the removal half of a move is not. */
      readonly goneIsDone?: boolean;
    }
  | {
      readonly kind: 'replace';
      readonly behavior: RuleBehavior;
      readonly rule: string;
      readonly with: string;
    };

export type OpsResult =
  | { readonly kind: 'done'; readonly text: string; readonly changed: boolean }
  | { readonly kind: 'conflict'; readonly refusal: Refusal }
  /** The file cannot be used as it is; it is never overwritten. */
  | { readonly kind: 'broken'; readonly refusal: Refusal }
  | { readonly kind: 'invalid'; readonly refusal: Refusal };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies `ops` in order to `text` (undefined: the file does not exist yet). With `force`, an operation
 * whose rule is gone still does what it can: a replacement adds the new rule, a removal does nothing.
 */
export function applyFileOps(
  text: string | undefined,
  file: string,
  ops: readonly FileOp[],
  force = false,
): OpsResult {
  // The engine's load-time check plus Claude Code's: a rule either refuses would break the whole file.
  for (const op of ops) {
    const target = op.kind === 'replace' ? op.with : op.kind === 'add' ? op.rule : undefined;
    const checked = target === undefined ? undefined : checkRule(target, op.behavior);
    if (target !== undefined && checked && !checked.ok)
      return {
        kind: 'invalid',
        refusal: withPhrase(
          refusal('bad-rule', checked.error, { rule: target, detail: checked.error }),
          'detail',
          checked.errorPhrase,
        ),
      };
  }
  const checked = text === undefined ? undefined : parseSettingsText(text, file);
  if (checked && !checked.ok)
    return {
      kind: 'broken',
      refusal: refusal(
        'broken-file',
        `${checked.error.replace(/\.$/, '')}; fix it by hand, Gatehouse will not overwrite it.`,
        { file },
      ),
    };
  const before: unknown = text === undefined || text.trim() === '' ? {} : JSON.parse(text);
  if (!isObject(before))
    return {
      kind: 'broken',
      refusal: refusal('broken-file', `The settings file ${file} must hold a JSON object.`, { file }),
    };

  const permissions: Json = isObject(before['permissions']) ? { ...before['permissions'] } : {};
  for (const op of ops) {
    const list = Array.isArray(permissions[op.behavior]) ? [...(permissions[op.behavior] as string[])] : [];
    const at = list.indexOf(op.rule);
    if (op.kind === 'add') {
      if (at === -1) list.push(op.rule);
    } else if (at === -1) {
      if (op.kind === 'remove' && op.goneIsDone) continue;
      if (!force)
        return {
          kind: 'conflict',
          refusal: refusal(
            'rule-gone',
            `The ${op.behavior} rule ${op.rule} is no longer in ${file}: the file changed on disk since you read it.`,
            { rule: op.rule, file },
          ),
        };
      if (op.kind === 'replace' && !list.includes(op.with)) list.push(op.with);
    } else if (op.kind === 'remove' || (op.with !== op.rule && list.includes(op.with))) {
      list.splice(at, 1);
    } else {
      list[at] = op.with;
    }
    permissions[op.behavior] = list;
  }
  const after = { ...before, permissions };
  const next = formatSettings(after, { text, value: before });
  return { kind: 'done', text: next, changed: next !== text };
}

/** True when the operations' effect is in `text`: each added rule present, each removed one gone. */
export function opsHold(text: string | undefined, ops: readonly FileOp[]): boolean {
  let value: unknown;
  try {
    value = text === undefined || text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return false;
  }
  const permissions = isObject(value) && isObject(value['permissions']) ? value['permissions'] : {};
  const listOf = (behavior: RuleBehavior) =>
    Array.isArray(permissions[behavior]) ? (permissions[behavior] as unknown[]) : [];
  return ops.every((op) =>
    op.kind === 'add'
      ? listOf(op.behavior).includes(op.rule)
      : op.kind === 'replace'
        ? listOf(op.behavior).includes(op.with)
        : !listOf(op.behavior).includes(op.rule),
  );
}
