/**
 * The rule editor's slice of the console contract: load every rule of a project folder, save an
 * edit as an operation, keep examples, try a tool call. A renderer names files only by source and project
 * folder, never by path, so it cannot make main write anywhere but the settings files of that folder.
 */
import type { PhraseView } from './phrase-schema';
import { z } from 'zod';
import { fileSources, ruleBehaviors, type FileSource } from '../engine';
import type { PermissionSwitch } from '../engine';
import type { RuleRefView } from './queue-contract';
import type { Refusal } from './refusals';

/**
 * The sources a person may edit here; policy and flag rules are locked (docs/engine.md, Sources, files and
 * precedence).
 */
export const editableSources = ['localSettings', 'projectSettings', 'userSettings'] as const;
export type EditableSource = (typeof editableSources)[number];

export function isEditableSource(source: string): source is EditableSource {
  return (editableSources as readonly string[]).includes(source);
}

/** POSIX `/…` or Windows `C:\…`; main also checks that it is an existing folder. */
const ABSOLUTE = /^(\/|[A-Za-z]:[\\/])/;
export const ProjectFolderSchema = z
  .string()
  .min(1)
  .max(4_096)
  .refine((path) => ABSOLUTE.test(path) && !path.includes('\0'), 'must be an absolute folder path');

const RuleTextSchema = z.string().min(1).max(10_000);
const BehaviorSchema = z.enum(ruleBehaviors);
export const RulePlaceSchema = z.object({ source: z.enum(editableSources), behavior: BehaviorSchema });
export type RulePlace = z.infer<typeof RulePlaceSchema>;

/** What a person did, as an operation, so it can be replayed onto a file that changed since it was read. */
export const RuleEditSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('add'), to: RulePlaceSchema, rule: RuleTextSchema }),
  z.object({ kind: z.literal('remove'), from: RulePlaceSchema, rule: RuleTextSchema }),
  /** Edit the text, or move it to another list or file, or both. */
  z.object({
    kind: z.literal('change'),
    from: RulePlaceSchema,
    rule: RuleTextSchema,
    to: RulePlaceSchema,
    newRule: RuleTextSchema,
  }),
]);
export type RuleEdit = z.infer<typeof RuleEditSchema>;

/** A file's version: the hash of the content the editor read, or "missing". */
const VersionSchema = z.string().min(1).max(100);

export const SaveRulesArgsSchema = z.object({
  cwd: ProjectFolderSchema,
  edit: RuleEditSchema,
  /** The version of each file the edit touches, as the editor read it. */
  versions: z.partialRecord(z.enum(editableSources), VersionSchema),
  /** "Apply anyway": replay the edit onto the file as it is now, even where it no longer fits. */
  force: z.boolean().optional(),
});
export type SaveRulesArgs = z.infer<typeof SaveRulesArgsSchema>;

export type SaveOutcome =
  | { readonly status: 'saved'; readonly merged: boolean }
  /** The rule the edit acts on is no longer in its file (`rule-gone`), worded like any refusal. */
  | ({ readonly status: 'conflict' } & Refusal);

const ExampleListSchema = z.array(z.string().max(10_000)).max(50);
export const RuleExamplesSchema = z.object({ match: ExampleListSchema, noMatch: ExampleListSchema });
export type RuleExamples = z.infer<typeof RuleExamplesSchema>;

const ExampleTargetSchema = z.object({
  cwd: ProjectFolderSchema,
  source: z.enum(fileSources),
  behavior: BehaviorSchema,
  rule: RuleTextSchema,
  examples: RuleExamplesSchema,
});

export interface ExampleVerdict {
  readonly text: string;
  readonly expected: 'match' | 'noMatch';
  readonly passed: boolean;
  /** The rule or the example could not be read (`bad-rule`, `input-not-object`, `input-needs-object`). */
  readonly error?: Refusal;
}

export interface FileView {
  readonly source: FileSource;
  readonly file: string;
  readonly status: 'missing' | 'ok' | 'broken';
  /** Why a broken file cannot be used; it is never overwritten. */
  readonly error?: string;
  /** The code and parameters of `error` (engine/explain/phrases.ts), for the console's language. */
  readonly errorPhrase?: PhraseView;
  readonly version: string;
  readonly editable: boolean;
  /**
   * The `permissions` switches this file turns on (denyInsteadOfPrompting, blockReads…/blockWrites…
   * OutsideWorkingDirectories): shown beside it, and kept as they are by every save.
   */
  readonly switches?: readonly PermissionSwitch[];
}

/** An `analyzeRules` warning, or `load`: the engine's own note that a rule cannot apply as written. */
export interface RuleWarningView {
  readonly kind: 'shadowed' | 'duplicate' | 'broad-allow' | 'never-matched' | 'load';
  readonly message: string;
  /** The sentence's code and parameters (engine/explain/phrases.ts). */
  readonly phrase?: PhraseView;
}

export interface ListedRuleView {
  readonly text: string;
  /** The rule exactly as the file holds it (`Bash(*)` for a row shown as `Bash`): edits and deletes name this. */
  readonly stored: string;
  readonly behavior: (typeof ruleBehaviors)[number];
  readonly source: FileSource;
  readonly file: string;
  readonly index: number;
  /** 1-based position in the effective order. */
  readonly order: number;
  readonly locked: boolean;
  readonly warnings: readonly RuleWarningView[];
  readonly examples: RuleExamples;
  readonly verdicts: readonly ExampleVerdict[];
}

export interface RulesSnapshot {
  readonly cwd: string;
  readonly files: readonly FileView[];
  readonly rules: readonly ListedRuleView[];
  /** How many past calls from this folder the never-matched warning looked at. */
  readonly historyExamined: number;
}

export const PlaygroundArgsSchema = z.object({
  cwd: ProjectFolderSchema,
  tool: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown()),
});

export interface PlaygroundResult {
  readonly behavior: 'allow' | 'deny' | 'ask';
  readonly step: string;
  readonly reason: {
    readonly type: string;
    readonly message: string;
    readonly phrase?: PhraseView;
    readonly rule?: RuleRefView;
  };
  readonly nearMisses: readonly RuleRefView[];
}

export const rulesInvokeSchemas = {
  /** Every rule of every source of the folder, in effective order, with warnings and examples. */
  'rules:load': z.object({ cwd: ProjectFolderSchema }),
  /** Project folders the console has seen requests from, most recent first. */
  'rules:folders': z.object({}).strict(),
  'rules:save': SaveRulesArgsSchema,
  /** Checks examples against a rule as typed, saving nothing. */
  'rules:try-examples': ExampleTargetSchema,
  /** Keeps a rule's examples in Gatehouse's own data, never in the agent's settings. */
  'rules:set-examples': ExampleTargetSchema,
  /** The decision for one tool call in that folder, by the engine `gatehouse check` runs. */
  'rules:check': PlaygroundArgsSchema,
} as const;

export interface RulesInvokeValues {
  'rules:load': RulesSnapshot;
  'rules:folders': string[];
  'rules:save': SaveOutcome;
  'rules:try-examples': ExampleVerdict[];
  'rules:set-examples': ExampleVerdict[];
  'rules:check': PlaygroundResult;
}

/** Pushed when a watched settings file changes on disk (or is saved here): the folders it concerns. */
export interface RulesEventPayloads {
  'rules:changed': { folders: string[] };
}
export const rulesEventChannels = ['rules:changed'] as const;
