/**
 * The classifier's slice of the contract: its settings and its model's key, and the one click that turns
 * an allow it made into a deny or ask rule. The rule is the call exactly (`Bash(<command>)`, a file tool on
 * its absolute path), written to the project-local settings of the profile the deciding agent reads
 * (`.claude/` for Claude Code, `.agent/` for every other; docs/engine.md, Sources, files and precedence)
 * through the rule editor's save, so the next such call meets the rule before the classifier.
 */
import { acpCallOf } from '../../common/acp-call';
import type {
  ClassifierInvokeChannel,
  ClassifierSettings,
  ClassifierState,
} from '../../common/classifier-contract';
import type { ConsoleHandlers, Result } from '../../common/console-contract';
import type { HistoryEntryView } from '../../common/history-contract';
import { HISTORY_PAGE_MAX } from '../../common/history-contract';
import { refusal } from '../../common/refusals';
import type { EditableSource } from '../../common/rules-contract';
import { familyOf, formatRule } from '../../engine';
import type { ToolCall } from '../../engine';
import { settingsLocations } from '../../engine/node';
import { profileOf } from '../rules/request-explainer';
import { EditorRefusal } from '../rules/editor/editor-refusal';
import { saveRuleEdit } from '../rules/editor/save-rules';
import { readSettingsFile } from '../rules/editor/settings-text';
import type { HistoryHandlers } from './history-handlers';

/** What the handlers need of the running classifier (main/classifier/classifier-room.ts). */
export interface ClassifierControl {
  settings(): ClassifierSettings;
  update(next: unknown): Promise<ClassifierSettings>;
  keyStorage(): Promise<'keychain' | 'file' | undefined>;
  setKey(key: string): Promise<'keychain' | 'file'>;
  forgetKey(): Promise<void>;
}

/** How many of the classifier's most recent allows the one click can reach back through. */
const REVIEW_REACH_PAGES = 5;

export function createClassifierHandlers(deps: {
  readonly classifier: ClassifierControl;
  readonly history: HistoryHandlers;
  /** The user's home, where `.claude/` and `.agent/` user settings live. */
  readonly home: string;
  readonly policyFile?: string;
}): Pick<ConsoleHandlers, ClassifierInvokeChannel> {
  const { classifier } = deps;
  const state = async (): Promise<ClassifierState> => {
    const keyStorage = await classifier.keyStorage();
    return { settings: classifier.settings(), ...(keyStorage ? { keyStorage } : {}) };
  };
  return {
    'classifier:state': () => guarded(state),
    'classifier:configure': ({ settings }) =>
      guarded(async () => {
        await classifier.update(settings);
        return state();
      }),
    'classifier:set-key': ({ key }) =>
      guarded(async () => {
        await classifier.setKey(key);
        return state();
      }),
    'classifier:forget-key': () =>
      guarded(async () => {
        await classifier.forgetKey();
        return state();
      }),
    'classifier:make-rule': ({ id, behavior }, caller) =>
      guarded(async () => {
        const entry = await classifierAllow(deps.history, id, caller);
        if (!entry)
          throw new EditorRefusal(refusal('unknown-request', `The classifier allowed no request "${id}".`));
        const rule = ruleFor(entry);
        const [location] = settingsLocations({
          profile: profileOf(entry.agent),
          cwd: entry.request.cwd,
          home: deps.home,
          ...(deps.policyFile ? { policyFile: deps.policyFile } : {}),
        }).filter((each) => each.source === 'localSettings');
        const file = location!.file;
        const read = await readSettingsFile(file);
        const files = { localSettings: file } as Record<EditableSource, string>;
        const outcome = await saveRuleEdit({
          edit: { kind: 'add', to: { source: 'localSettings', behavior }, rule },
          files,
          versions: { localSettings: read.version },
        });
        if (outcome.status === 'conflict') throw new EditorRefusal(outcome);
        return { rule, file };
      }),
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof EditorRefusal) return { ok: false, error: error.refusal };
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: refusal('internal', detail, { detail }) };
  }
}

async function classifierAllow(
  history: HistoryHandlers,
  id: string,
  caller: Parameters<HistoryHandlers['history:requests']>[1],
): Promise<HistoryEntryView | undefined> {
  let before;
  for (let page = 0; page < REVIEW_REACH_PAGES; page++) {
    const result = await history['history:requests'](
      { filter: { decidedBy: 'classifier' }, limit: HISTORY_PAGE_MAX, ...(before ? { before } : {}) },
      caller,
    );
    if (!result.ok) return undefined;
    const found = result.value.entries.find((entry) => entry.request.id === id);
    if (found || !result.value.next) return found;
    before = result.value.next;
  }
  return undefined;
}

/** The call exactly, as a rule: nothing broader than what the classifier let through. */
export function ruleFor(entry: Pick<HistoryEntryView, 'request'>): string {
  const call = callOf(entry.request);
  if (familyOf(call.toolName) === 'bash')
    return formatRule({ toolName: 'Bash', ruleContent: String(call.input.command) });
  const path = [call.input.file_path, call.input.notebook_path, call.input.path].find(
    (each): each is string => typeof each === 'string',
  );
  if (path === undefined) return formatRule({ toolName: call.toolName });
  const absolute = path.startsWith('/') ? path : `${entry.request.cwd.replace(/\/$/, '')}/${path}`;
  return formatRule({
    toolName: familyOf(call.toolName) === 'edit' ? 'Edit' : 'Read',
    ruleContent: `/${absolute}`,
  });
}

/** An ACP call in the engine's terms, as the classifier judged it; any other call as it came. */
function callOf(request: HistoryEntryView['request']): ToolCall {
  const acp = acpCallOf(request);
  if (!acp) return { toolName: request.tool, input: request.input };
  if (acp.command !== undefined) return { toolName: 'Bash', input: { command: acp.command } };
  const path = acp.diffs[0]?.path ?? acp.locations[0]?.path;
  return { toolName: acp.kind === 'edit' ? 'Edit' : 'Read', input: path ? { file_path: path } : {} };
}
