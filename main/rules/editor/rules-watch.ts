/**
 * Watches the settings folders of the projects open in a rule editor, so an edit made elsewhere (Claude
 * Code writes settings.local.json itself) shows at once in every window. fs.watch on each folder, not each
 * file: an atomic rename replaces the file, which a watch on the file itself would lose. A folder that does
 * not exist yet is watched for from its parent. Bursts (temp file, rename) are reported once.
 */
import { watch, type FSWatcher } from 'node:fs';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Long enough to coalesce a write's temp file and rename, short enough to feel immediate. */
export const WATCH_DEBOUNCE_MS = 75;
/** Projects watched at once; the least recently opened is dropped first. */
const MAX_PROJECTS = 16;

export interface RulesWatcher {
  /** Starts (or refreshes) watching a project folder's settings. */
  watch(cwd: string): void;
  /** Reports a change now, e.g. after a save of our own. */
  touched(cwd: string | 'all'): void;
  close(): void;
}

interface FolderWatch {
  /** `<dir>/.claude` once it exists, else `<dir>` waiting for `.claude` to appear. */
  watcher: FSWatcher | undefined;
  watching: 'settings' | 'parent' | 'none';
}

export function createRulesWatcher(options: {
  readonly home: string;
  readonly onChange: (folders: string[]) => void;
  readonly debounceMs?: number;
}): RulesWatcher {
  const projects: string[] = [];
  const folders = new Map<string, FolderWatch>();
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    const changed = dirty.has('all') ? [...projects] : projects.filter((p) => dirty.has(p));
    dirty.clear();
    if (changed.length > 0) options.onChange(changed);
  };
  const mark = (cwd: string | 'all') => {
    if (closed) return;
    dirty.add(cwd);
    timer ??= setTimeout(flush, options.debounceMs ?? WATCH_DEBOUNCE_MS);
  };

  /** Arms the watch for one base folder (a project, or the home whose .claude holds user settings). */
  const arm = (base: string, owner: string | 'all') => {
    const current = folders.get(base) ?? { watcher: undefined, watching: 'none' as const };
    const settingsDir = join(base, '.claude');
    const want = existsSync(settingsDir) ? 'settings' : existsSync(base) ? 'parent' : 'none';
    if (current.watching === want && current.watcher) return;
    current.watcher?.close();
    current.watcher = undefined;
    current.watching = want;
    if (want !== 'none') {
      try {
        current.watcher = watch(want === 'settings' ? settingsDir : base, (_event, name) => {
          const file = name === null ? undefined : basename(String(name));
          if (want === 'parent') {
            if (file !== '.claude') return;
            arm(base, owner);
          } else if (file !== undefined && !file.includes('settings')) return;
          mark(owner);
        });
        current.watcher.on('error', () => {
          current.watcher?.close();
          current.watcher = undefined;
          current.watching = 'none';
        });
      } catch {
        current.watching = 'none';
      }
    }
    folders.set(base, current);
  };

  const close = (base: string) => {
    folders.get(base)?.watcher?.close();
    folders.delete(base);
  };

  return {
    watch(cwd) {
      if (closed) return;
      const at = projects.indexOf(cwd);
      if (at !== -1) projects.splice(at, 1);
      projects.push(cwd);
      while (projects.length > MAX_PROJECTS) {
        const dropped = projects.shift()!;
        if (dropped !== options.home) close(dropped);
      }
      arm(options.home, 'all');
      arm(cwd, cwd === options.home ? 'all' : cwd);
    },
    touched: mark,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const base of [...folders.keys()]) close(base);
    },
  };
}
