/**
 * Everything the rule editor shows for a project folder: each settings file (missing, usable, or broken
 * with its sentence), every rule in effective order with its lock, its warnings and its examples' verdicts.
 * A broken file is left out of the context and said so; the other files still show.
 */
import type {
  FileView,
  ListedRuleView,
  RuleWarningView,
  RulesSnapshot,
} from '../../../common/rules-contract';
import { refusal } from '../../../common/refusals';
import { isEditableSource } from '../../../common/rules-contract';
import {
  analyzeRules,
  createPermissionContext,
  listRules,
  parseSettingsText,
  permissionSwitches,
  PermissionContextError,
  phrase,
} from '../../../engine';
import type { BashSupport, SettingsLayer, ToolCall, ToolPermissionContext } from '../../../engine';
import type { SettingsLocation } from '../../../engine/node';
import { EditorRefusal } from './editor-refusal';
import type { ExamplesStore } from './examples-store';
import { projectLocations, type ProjectScope } from './project-folder';
import { evaluateExamples } from './rule-examples';
import { readSettingsFile } from './settings-text';

export interface SnapshotDeps {
  readonly scope: ProjectScope;
  readonly bash: BashSupport;
  readonly examples: ExamplesStore;
  /** Past calls made in this folder, for the never-matched warning. */
  readonly history: (cwd: string) => readonly ToolCall[];
}

export interface ProjectRules {
  readonly locations: readonly SettingsLocation[];
  readonly files: readonly FileView[];
  readonly context: ToolPermissionContext;
  /** Each usable file's permission lists as written, so an edit names the exact stored text. */
  readonly stored: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

function permissionLists(text: string): Readonly<Record<string, unknown>> {
  const value: unknown = text.trim() === '' ? {} : JSON.parse(text);
  const permissions = (value as { permissions?: unknown }).permissions;
  return typeof permissions === 'object' && permissions !== null
    ? (permissions as Record<string, unknown>)
    : {};
}

/** The folder's rules as the engine would not load them. */
export class ContextError extends EditorRefusal {}

/** Reads every settings file of the folder and builds the context of the usable ones. */
export async function readProjectRules(cwd: string, scope: ProjectScope): Promise<ProjectRules> {
  const locations = projectLocations(cwd, scope);
  const files: FileView[] = [];
  const layers: SettingsLayer[] = [];
  const stored = new Map<string, Readonly<Record<string, unknown>>>();
  for (const location of locations) {
    const read = await readSettingsFile(location.file);
    const base = {
      source: location.source,
      file: location.file,
      version: read.version,
      editable: isEditableSource(location.source),
    };
    if (read.kind === 'missing') {
      files.push({ ...base, status: 'missing' });
      continue;
    }
    if (read.kind === 'unreadable') {
      files.push({ ...base, status: 'broken', error: read.error, errorPhrase: read.errorPhrase });
      continue;
    }
    const parsed = parseSettingsText(read.text, location.file);
    if (!parsed.ok) {
      const said = phrase('settings.fixByHand', { problem: { phrase: parsed.errorPhrase } });
      files.push({ ...base, status: 'broken', error: said.message, errorPhrase: said.phrase });
      continue;
    }
    const switches = permissionSwitches.filter((name) => parsed.settings[name]);
    files.push({ ...base, status: 'ok', ...(switches.length ? { switches } : {}) });
    stored.set(location.file, permissionLists(read.text));
    layers.push({ ...location, exists: true, settings: parsed.settings });
  }
  try {
    return {
      locations,
      files,
      context: createPermissionContext({ cwd, home: scope.home, settings: layers }),
      stored,
    };
  } catch (error) {
    if (error instanceof PermissionContextError)
      throw new ContextError(refusal('bad-settings', error.message, { detail: error.message }));
    throw error;
  }
}

export async function loadRulesSnapshot(cwd: string, deps: SnapshotDeps): Promise<RulesSnapshot> {
  const { locations, files, context, stored } = await readProjectRules(cwd, deps.scope);
  const history = deps.history(cwd);
  const warnings = analyzeRules(context, { history, bash: deps.bash });
  const keyOf = (r: { source: string; behavior: string; index?: number | undefined; text: string }) =>
    `${r.source}\0${r.behavior}\0${r.index ?? ''}\0${r.text}`;
  const byRule = new Map<string, RuleWarningView[]>();
  for (const warning of warnings) {
    const list = byRule.get(keyOf(warning.rule)) ?? [];
    list.push({ kind: warning.kind, message: warning.message, phrase: warning.phrase });
    byRule.set(keyOf(warning.rule), list);
  }
  const rules: ListedRuleView[] = [];
  for (const rule of listRules(context)) {
    const location = locations.find((l) => l.source === rule.source);
    if (!location || rule.file === undefined || rule.index === undefined) continue;
    const examples = deps.examples.get(rule.file, rule.text);
    const list = stored.get(rule.file)?.[rule.behavior];
    const raw = Array.isArray(list) ? (list as unknown[])[rule.index] : undefined;
    rules.push({
      text: rule.text,
      stored: typeof raw === 'string' ? raw : rule.text,
      behavior: rule.behavior,
      source: location.source,
      file: rule.file,
      index: rule.index,
      order: rule.order,
      locked: rule.locked,
      warnings: [
        ...(rule.warning === undefined
          ? []
          : [
              {
                kind: 'load' as const,
                message: rule.warning,
                ...(rule.warningPhrase === undefined ? {} : { phrase: rule.warningPhrase }),
              },
            ]),
        ...(byRule.get(keyOf(rule)) ?? []),
      ],
      examples,
      verdicts: evaluateExamples(
        {
          rule: rule.text,
          behavior: rule.behavior,
          source: location.source,
          file: rule.file,
          anchorDir: location.anchorDir,
        },
        examples,
        { cwd, home: deps.scope.home, bash: deps.bash },
      ),
    });
  }
  return { cwd, files, rules, historyExamined: history.length };
}
