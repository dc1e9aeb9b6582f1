/**
 * The rule editor's handlers (common/rules-contract.ts): its slice of ConsoleHandlers and its pushed
 * `rules:changed` event. Every argument arrives validated by zod; here the folder is checked to be an
 * existing absolute directory and files are found only through its sources.
 */
import type { ConsoleHandlers, EventPayloads, InvokeArgs, Result } from '../../common/console-contract';
import type { EditableSource, RulesInvokeValues } from '../../common/rules-contract';
import { editableSources } from '../../common/rules-contract';
import { createSignal } from '../../common/signal';
import type { BashSupport, FileSource, ToolCall } from '../../engine';
import { checkToolCall } from '../../engine/node';
import type { SettingsLocation } from '../../engine/node';
import { refusal } from '../../common/refusals';
import { EditorRefusal } from '../rules/editor/editor-refusal';
import type { ExamplesStore } from '../rules/editor/examples-store';
import {
  checkInsideProject,
  checkProjectFolder,
  FolderError,
  locationOf,
  projectLocations,
  type ProjectScope,
} from '../rules/editor/project-folder';
import { evaluateExamples } from '../rules/editor/rule-examples';
import { createRulesWatcher } from '../rules/editor/rules-watch';
import { loadRulesSnapshot, readProjectRules } from '../rules/editor/rules-snapshot';
import { planEdit, saveRuleEdit } from '../rules/editor/save-rules';
import { reasonView } from '../rules/request-explainer';
import { refView } from '../rules/rule-ref-view';

type RulesChannel = keyof RulesInvokeValues;
export type RulesHandlers = Pick<ConsoleHandlers, RulesChannel>;

export interface RulesHandlerDeps {
  readonly scope: ProjectScope;
  readonly bash: BashSupport;
  readonly examples: ExamplesStore;
  /** The most recent requests history remembers, newest first. */
  readonly recentRequests: () => ReadonlyArray<{ tool: string; input: Record<string, unknown>; cwd: string }>;
  /** The folders of requests waiting now. */
  readonly pendingFolders: () => readonly string[];
}

export interface RulesService {
  readonly handlers: RulesHandlers;
  subscribe(
    listener: (channel: 'rules:changed', payload: EventPayloads['rules:changed']) => void,
  ): () => void;
  close(): void;
}

const FOLDER_LIMIT = 20;
/** Past calls of a folder that "never matched" is judged on: each rule is tried against each of them. */
const NEVER_MATCHED_WINDOW = 1_000;
/**
 * Fewer past calls than this say nothing about a rule: a new project's first few requests would mark most
 * of its rules "never matched", so no rule is judged until the folder has this many.
 */
export const NEVER_MATCHED_MIN_CALLS = 50;

function failure<T>(error: unknown): Result<T> {
  if (error instanceof EditorRefusal) return { ok: false, error: error.refusal };
  throw error;
}

async function guarded<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return failure<T>(error);
  }
}

export function createRulesService(deps: RulesHandlerDeps): RulesService {
  const changed = createSignal<EventPayloads['rules:changed']>();
  const watcher = createRulesWatcher({
    home: deps.scope.home,
    onChange: (folders) => changed.emit({ folders }),
  });
  const history = (cwd: string): ToolCall[] => {
    const calls = deps
      .recentRequests()
      .filter((call) => call.cwd === cwd)
      .slice(0, NEVER_MATCHED_WINDOW)
      .map((call) => ({ toolName: call.tool, input: call.input }));
    return calls.length < NEVER_MATCHED_MIN_CALLS ? [] : calls;
  };

  const exampleTarget = async (args: {
    cwd: string;
    source: FileSource;
    behavior: 'allow' | 'deny' | 'ask';
    rule: string;
  }) => {
    const cwd = await checkProjectFolder(args.cwd);
    const location = locationOf(projectLocations(cwd, deps.scope), args.source);
    if (!location)
      throw new FolderError(
        refusal('folder-no-source', `The folder ${cwd} has no ${args.source} file; reload the rules.`, {
          folder: cwd,
          source: args.source,
        }),
      );
    return { cwd, location };
  };
  /** What the engine says of each example under the rule, read from the file it would be saved in. */
  const examplesVerdict = (args: InvokeArgs<'rules:try-examples'>, cwd: string, location: SettingsLocation) =>
    evaluateExamples(
      {
        rule: args.rule,
        behavior: args.behavior,
        source: location.source,
        file: location.file,
        anchorDir: location.anchorDir,
      },
      args.examples,
      { cwd, home: deps.scope.home, bash: deps.bash },
    );

  const handlers: RulesHandlers = {
    'rules:load': ({ cwd }) =>
      guarded(async () => {
        const folder = await checkProjectFolder(cwd);
        watcher.watch(folder);
        return loadRulesSnapshot(folder, {
          scope: deps.scope,
          bash: deps.bash,
          examples: deps.examples,
          history,
        });
      }),
    'rules:folders': () => {
      const seen = new Set<string>();
      for (const cwd of [...deps.pendingFolders(), ...deps.recentRequests().map((r) => r.cwd)]) {
        if (seen.size >= FOLDER_LIMIT) break;
        seen.add(cwd);
      }
      return { ok: true, value: [...seen] };
    },
    'rules:save': ({ cwd, edit, versions, force }) =>
      guarded(async () => {
        const folder = await checkProjectFolder(cwd);
        const locations = projectLocations(folder, deps.scope);
        const files = Object.fromEntries(
          editableSources.map((source) => [source, locationOf(locations, source)!.file]),
        ) as Record<EditableSource, string>;
        for (const plan of planEdit(edit))
          if (plan.source !== 'userSettings') await checkInsideProject(files[plan.source], folder);
        const outcome = await saveRuleEdit({ edit, files, versions, ...(force ? { force } : {}) });
        if (outcome.status === 'saved') {
          if (edit.kind === 'change')
            await deps.examples.move(
              { file: files[edit.from.source], rule: edit.rule },
              { file: files[edit.to.source], rule: edit.newRule },
            );
          const touchesUser = planEdit(edit).some((plan) => plan.source === 'userSettings');
          watcher.touched(touchesUser ? 'all' : folder);
        }
        return outcome;
      }),
    'rules:try-examples': (args) =>
      guarded(async () => {
        const { cwd, location } = await exampleTarget(args);
        return examplesVerdict(args, cwd, location);
      }),
    'rules:set-examples': (args) =>
      guarded(async () => {
        const { cwd, location } = await exampleTarget(args);
        await deps.examples.set(location.file, args.rule, args.examples);
        watcher.touched(cwd);
        return examplesVerdict(args, cwd, location);
      }),
    'rules:check': ({ cwd, tool, input }) =>
      guarded(async () => {
        const folder = await checkProjectFolder(cwd);
        const { context } = await readProjectRules(folder, deps.scope);
        const decision = await checkToolCall(context, { toolName: tool, input }, { bash: deps.bash });
        return {
          behavior: decision.behavior,
          step: decision.step,
          reason: reasonView(decision),
          nearMisses: decision.nearMisses.map(refView),
        };
      }),
  };

  return {
    handlers,
    subscribe: (listener) => changed.subscribe((payload) => listener('rules:changed', payload)),
    close: () => watcher.close(),
  };
}
