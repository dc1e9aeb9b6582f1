/**
 * The rule editor's state for one window: the chosen project folder and everything main says about its
 * rules, the result of the last save (saved, merged, or a conflict to resolve), and the playground's last
 * answer. Built over a `ConsoleApi`, so tests drive it with a fake one. A `rules:changed` event for the
 * open folder reloads it at once, so every window shows an edit made anywhere.
 */
import { createStore } from 'zustand/vanilla';
import type { ConsoleApi } from '../../../common/console-contract';
import type { Refusal } from '../../../common/refusals';
import type {
  EditableSource,
  PlaygroundResult,
  RuleEdit,
  RulesSnapshot,
} from '../../../common/rules-contract';

export type SaveNotice = 'saved' | 'merged';

export interface Conflict {
  readonly edit: RuleEdit;
  /** Which rule is gone from which file (`rule-gone`), worded by the view. */
  readonly refusal: Refusal;
}

export type PlaygroundState =
  | { readonly status: 'idle' }
  | { readonly status: 'checking' }
  | { readonly status: 'done'; readonly result: PlaygroundResult }
  | { readonly status: 'failed'; readonly error: Refusal };

export interface RulesState {
  readonly cwd: string | undefined;
  readonly folders: readonly string[];
  readonly snapshot: RulesSnapshot | undefined;
  readonly loading: boolean;
  /** A folder that does not exist, a broken file a save refused, a lost connection: worded by the view. */
  readonly error: Refusal | undefined;
  readonly notice: SaveNotice | undefined;
  readonly conflict: Conflict | undefined;
  readonly playground: PlaygroundState;

  /** Loads the recent folders and listens for changes; returns the function that stops listening. */
  start(): () => void;
  open(cwd: string): Promise<void>;
  reload(): Promise<void>;
  /** True when the edit was saved (or merged). */
  save(edit: RuleEdit, force?: boolean): Promise<boolean>;
  applyAnyway(): Promise<void>;
  /** Drops the person's edit and shows the file as it is now. */
  discardConflict(): Promise<void>;
  check(tool: string, input: Record<string, unknown>): Promise<void>;
  dismissNotice(): void;
}

export type RulesStore = ReturnType<typeof createRulesStore>;

function sourcesOf(edit: RuleEdit): EditableSource[] {
  switch (edit.kind) {
    case 'add':
      return [edit.to.source];
    case 'remove':
      return [edit.from.source];
    case 'change':
      return [edit.from.source, edit.to.source];
  }
}

export function createRulesStore(api: ConsoleApi) {
  return createStore<RulesState>()((set, get) => {
    // Only the newest load may land: a slow answer for a folder the person has left is dropped.
    let loadSeq = 0;
    const load = async (cwd: string) => {
      const seq = ++loadSeq;
      set({ loading: true });
      const result = await api.invoke('rules:load', { cwd });
      if (seq !== loadSeq) return;
      if (result.ok) set({ snapshot: result.value, cwd: result.value.cwd, loading: false, error: undefined });
      else set({ loading: false, error: result.error });
    };

    return {
      cwd: undefined,
      folders: [],
      snapshot: undefined,
      loading: false,
      error: undefined,
      notice: undefined,
      conflict: undefined,
      playground: { status: 'idle' },

      start() {
        void api.invoke('rules:folders', {}).then((result) => {
          if (result.ok) set({ folders: result.value });
        });
        return api.on('rules:changed', ({ folders }) => {
          const { cwd } = get();
          if (cwd !== undefined && folders.includes(cwd)) void load(cwd);
        });
      },

      async open(cwd) {
        set({
          cwd,
          snapshot: undefined,
          conflict: undefined,
          notice: undefined,
          playground: { status: 'idle' },
        });
        await load(cwd);
      },

      async reload() {
        const { cwd } = get();
        if (cwd !== undefined) await load(cwd);
      },

      async save(edit, force = false) {
        const { cwd, snapshot } = get();
        if (cwd === undefined || snapshot === undefined) return false;
        const versions: Partial<Record<EditableSource, string>> = {};
        for (const source of sourcesOf(edit)) {
          const file = snapshot.files.find((f) => f.source === source);
          if (file) versions[source] = file.version;
        }
        const result = await api.invoke('rules:save', { cwd, edit, versions, ...(force ? { force } : {}) });
        if (!result.ok) {
          set({ error: result.error, notice: undefined });
          return false;
        }
        if (result.value.status === 'conflict') {
          const { status: _status, ...refusal } = result.value;
          set({ conflict: { edit, refusal }, notice: undefined });
          return false;
        }
        set({ conflict: undefined, error: undefined, notice: result.value.merged ? 'merged' : 'saved' });
        await load(cwd);
        return true;
      },

      async applyAnyway() {
        const { conflict } = get();
        if (conflict) await get().save(conflict.edit, true);
      },

      async discardConflict() {
        set({ conflict: undefined });
        await get().reload();
      },

      async check(tool, input) {
        const { cwd } = get();
        if (cwd === undefined) return;
        set({ playground: { status: 'checking' } });
        const result = await api.invoke('rules:check', { cwd, tool, input });
        set({
          playground: result.ok
            ? { status: 'done', result: result.value }
            : { status: 'failed', error: result.error },
        });
      },

      dismissNotice: () => set({ notice: undefined }),
    };
  });
}
